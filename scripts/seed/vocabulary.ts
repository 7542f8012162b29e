import type { OrganizationSize } from '../../shared/schemas/organization';

/**
 * Word lists the demo data is built from. Every organization, street and person here is fictional;
 * websites use the reserved `.example` domain.
 */

/** A demo organization and the role families it hires for. */
export interface OrganizationEntry {
  name: string;
  industry: string;
  size: OrganizationSize;
  /** What the organization does, one sentence; also used in job descriptions. */
  about: string;
  /** Role families it hires for most (keys of ROLE_FAMILIES). */
  hires: readonly RoleFamilyKey[];
}

/** The demo organizations (at least 25). */
export const ORGANIZATIONS: readonly OrganizationEntry[] = [
  {
    name: 'Northwind Analytics',
    industry: 'Data & Analytics',
    size: '201-500',
    about: 'builds forecasting tools that help retailers plan inventory',
    hires: ['data', 'backend', 'frontend', 'product'],
  },
  {
    name: 'Bluepeak Software',
    industry: 'Software',
    size: '51-200',
    about: 'makes project planning software for construction firms',
    hires: ['backend', 'frontend', 'mobile', 'design'],
  },
  {
    name: 'Harborline Logistics',
    industry: 'Logistics',
    size: '1001-5000',
    about: 'runs a freight network connecting ports, rail and road across Europe',
    hires: ['backend', 'data', 'operations', 'devops'],
  },
  {
    name: 'Lumen Health',
    industry: 'Healthcare',
    size: '501-1000',
    about: 'provides telehealth consultations and remote patient monitoring',
    hires: ['backend', 'mobile', 'security', 'support'],
  },
  {
    name: 'Quillstone Publishing',
    industry: 'Media',
    size: '51-200',
    about: 'publishes independent non-fiction in print, audio and digital',
    hires: ['marketing', 'frontend', 'design', 'operations'],
  },
  {
    name: 'Copperleaf Energy',
    industry: 'Renewable Energy',
    size: '1001-5000',
    about: 'develops and operates solar and wind parks',
    hires: ['data', 'devops', 'finance', 'operations'],
  },
  {
    name: 'Tidewater Bank',
    industry: 'Financial Services',
    size: '5001+',
    about: 'is a retail and business bank with a fast-growing digital arm',
    hires: ['backend', 'security', 'data', 'finance'],
  },
  {
    name: 'Kestrel Robotics',
    industry: 'Robotics',
    size: '201-500',
    about: 'designs autonomous mobile robots for warehouses',
    hires: ['ml', 'backend', 'devops', 'product'],
  },
  {
    name: 'Pinecrest Learning',
    industry: 'Education',
    size: '51-200',
    about: 'offers online courses and live tutoring for secondary schools',
    hires: ['frontend', 'design', 'marketing', 'support'],
  },
  {
    name: 'Orbital Payments',
    industry: 'Fintech',
    size: '201-500',
    about: 'processes card and bank payments for online merchants',
    hires: ['backend', 'security', 'devops', 'sales'],
  },
  {
    name: 'Saltmarsh Foods',
    industry: 'Food & Beverage',
    size: '1001-5000',
    about: 'produces and distributes organic groceries to supermarkets',
    hires: ['operations', 'data', 'marketing', 'finance'],
  },
  {
    name: 'Vantage Cloud Systems',
    industry: 'Cloud Infrastructure',
    size: '501-1000',
    about: 'runs managed Kubernetes and database hosting',
    hires: ['devops', 'backend', 'security', 'support'],
  },
  {
    name: 'Meridian Travel',
    industry: 'Travel',
    size: '201-500',
    about: 'operates a booking platform for boutique hotels',
    hires: ['frontend', 'mobile', 'marketing', 'product'],
  },
  {
    name: 'Greenfield Agritech',
    industry: 'Agriculture',
    size: '11-50',
    about: 'uses satellite imagery to help farmers manage fields',
    hires: ['ml', 'data', 'backend', 'sales'],
  },
  {
    name: 'Ironbridge Security',
    industry: 'Cybersecurity',
    size: '51-200',
    about: 'provides threat detection and incident response services',
    hires: ['security', 'backend', 'devops', 'sales'],
  },
  {
    name: 'Cobalt Games',
    industry: 'Gaming',
    size: '201-500',
    about: 'develops multiplayer strategy games for PC and consoles',
    hires: ['frontend', 'backend', 'design', 'data'],
  },
  {
    name: 'Silverline Insurance',
    industry: 'Insurance',
    size: '1001-5000',
    about: 'sells home and car insurance directly to consumers',
    hires: ['data', 'backend', 'support', 'finance'],
  },
  {
    name: 'Brightwave Media',
    industry: 'Media',
    size: '501-1000',
    about: 'runs a streaming service for documentaries and live events',
    hires: ['backend', 'frontend', 'mobile', 'marketing'],
  },
  {
    name: 'Aurora Biotech',
    industry: 'Biotechnology',
    size: '201-500',
    about: 'develops diagnostic tests using genomic sequencing',
    hires: ['data', 'ml', 'operations', 'product'],
  },
  {
    name: 'Fernhill Retail',
    industry: 'E-commerce',
    size: '1001-5000',
    about: 'sells furniture and home goods online and in twelve stores',
    hires: ['frontend', 'backend', 'marketing', 'operations'],
  },
  {
    name: 'Summit Legal Tech',
    industry: 'Legal Technology',
    size: '11-50',
    about: 'automates contract review for in-house legal teams',
    hires: ['ml', 'backend', 'sales', 'product'],
  },
  {
    name: 'Redwood Mobility',
    industry: 'Transportation',
    size: '501-1000',
    about: 'operates electric scooter and bike sharing in thirty cities',
    hires: ['mobile', 'data', 'operations', 'devops'],
  },
  {
    name: 'Clearwater Utilities',
    industry: 'Utilities',
    size: '5001+',
    about: 'supplies water and wastewater services to two million people',
    hires: ['data', 'security', 'operations', 'finance'],
  },
  {
    name: 'Nimbus Labs',
    industry: 'Software',
    size: '1-10',
    about: 'is building developer tools for testing distributed systems',
    hires: ['backend', 'devops', 'frontend'],
  },
  {
    name: 'Starling Civic',
    industry: 'Non-profit',
    size: '11-50',
    about: 'builds open-source tools that help citizens follow local government',
    hires: ['frontend', 'backend', 'design', 'people'],
  },
  {
    name: 'Granite Manufacturing',
    industry: 'Manufacturing',
    size: '1001-5000',
    about: 'makes precision parts for the aerospace industry',
    hires: ['operations', 'data', 'finance', 'people'],
  },
  {
    name: 'Hollis & Reed Consulting',
    industry: 'Consulting',
    size: '201-500',
    about: 'advises public-sector clients on digital transformation',
    hires: ['product', 'design', 'data', 'people'],
  },
  {
    name: 'Polaris Telecom',
    industry: 'Telecommunications',
    size: '5001+',
    about: 'runs mobile and fibre networks in five countries',
    hires: ['devops', 'security', 'backend', 'support'],
  },
  {
    name: 'Willow Home Care',
    industry: 'Healthcare',
    size: '501-1000',
    about: 'coordinates home care visits for elderly people',
    hires: ['mobile', 'support', 'operations', 'people'],
  },
  {
    name: 'Beacon Marketplace',
    industry: 'E-commerce',
    size: '51-200',
    about: 'runs a marketplace for second-hand electronics',
    hires: ['backend', 'frontend', 'marketing', 'sales'],
  },
];

/** Currency of the country a job is in: the symbol and how much a US-dollar salary is worth there. */
export interface Currency {
  symbol: string;
  /** Multiplier applied to the US-dollar bands of ROLE_FAMILIES. */
  factor: number;
}

/** Currency of each country the demo locations are in. */
export const CURRENCIES: Record<string, Currency> = {
  US: { symbol: '$', factor: 1 },
  CA: { symbol: 'CA$', factor: 1.05 },
  GB: { symbol: '£', factor: 0.62 },
  IE: { symbol: '€', factor: 0.72 },
  DE: { symbol: '€', factor: 0.7 },
  NL: { symbol: '€', factor: 0.68 },
  FR: { symbol: '€', factor: 0.62 },
  ES: { symbol: '€', factor: 0.5 },
  PT: { symbol: '€', factor: 0.45 },
  SE: { symbol: 'SEK ', factor: 7 },
  DK: { symbol: 'DKK ', factor: 5 },
  PL: { symbol: 'PLN ', factor: 2.4 },
  CH: { symbol: 'CHF ', factor: 0.95 },
  AT: { symbol: '€', factor: 0.64 },
  AU: { symbol: 'A$', factor: 1.2 },
  SG: { symbol: 'S$', factor: 1.1 },
};

/** A city with demo offices. */
export interface CityEntry {
  city: string;
  region: string;
  countryCode: keyof typeof CURRENCIES;
  country: string;
  /** Fictional office streets with a postal code that fits the city. */
  streets: readonly (readonly [line1: string, postalCode: string])[];
}

/** The cities of the demo offices; each gives one or two locations (onsite, hybrid). */
export const CITIES: readonly CityEntry[] = [
  {
    city: 'Berlin',
    region: 'BE',
    countryCode: 'DE',
    country: 'Germany',
    streets: [
      ['Friedrichstraße 68', '10117'],
      ['Torstraße 140', '10119'],
    ],
  },
  {
    city: 'Munich',
    region: 'BY',
    countryCode: 'DE',
    country: 'Germany',
    streets: [
      ['Leopoldstraße 33', '80802'],
      ['Sendlinger Straße 12', '80331'],
    ],
  },
  { city: 'Hamburg', region: 'HH', countryCode: 'DE', country: 'Germany', streets: [['Große Elbstraße 145', '22767']] },
  {
    city: 'Amsterdam',
    region: 'NH',
    countryCode: 'NL',
    country: 'Netherlands',
    streets: [
      ['Keizersgracht 241', '1016 EA'],
      ['Wibautstraat 150', '1091 GR'],
    ],
  },
  { city: 'Rotterdam', region: 'ZH', countryCode: 'NL', country: 'Netherlands', streets: [['Wilhelminakade 91', '3072 AP']] },
  {
    city: 'Paris',
    region: 'IDF',
    countryCode: 'FR',
    country: 'France',
    streets: [
      ['24 Rue du Faubourg Poissonnière', '75010'],
      ['8 Rue de la Boétie', '75008'],
    ],
  },
  { city: 'Lyon', region: 'ARA', countryCode: 'FR', country: 'France', streets: [['15 Quai Perrache', '69002']] },
  { city: 'Madrid', region: 'MD', countryCode: 'ES', country: 'Spain', streets: [['Calle de Alcalá 54', '28014']] },
  {
    city: 'Barcelona',
    region: 'CT',
    countryCode: 'ES',
    country: 'Spain',
    streets: [
      ['Carrer de Pujades 77', '08005'],
      ['Passeig de Gràcia 21', '08007'],
    ],
  },
  { city: 'Lisbon', region: 'LI', countryCode: 'PT', country: 'Portugal', streets: [['Avenida da Liberdade 110', '1250-146']] },
  { city: 'Dublin', region: 'D', countryCode: 'IE', country: 'Ireland', streets: [['22 Grand Canal Street Lower', 'D02 XK55']] },
  {
    city: 'London',
    region: 'ENG',
    countryCode: 'GB',
    country: 'United Kingdom',
    streets: [
      ['80 Clerkenwell Road', 'EC1M 5RJ'],
      ['12 Southwark Street', 'SE1 1RQ'],
    ],
  },
  { city: 'Manchester', region: 'ENG', countryCode: 'GB', country: 'United Kingdom', streets: [['45 Oxford Road', 'M1 5QA']] },
  { city: 'Edinburgh', region: 'SCT', countryCode: 'GB', country: 'United Kingdom', streets: [['19 Lauriston Place', 'EH3 9DJ']] },
  { city: 'Stockholm', region: 'AB', countryCode: 'SE', country: 'Sweden', streets: [['Sveavägen 44', '111 34']] },
  { city: 'Copenhagen', region: '84', countryCode: 'DK', country: 'Denmark', streets: [['Vesterbrogade 27', '1620']] },
  { city: 'Warsaw', region: 'MZ', countryCode: 'PL', country: 'Poland', streets: [['ulica Prosta 51', '00-838']] },
  { city: 'Zurich', region: 'ZH', countryCode: 'CH', country: 'Switzerland', streets: [['Hardturmstrasse 161', '8005']] },
  { city: 'Vienna', region: 'W', countryCode: 'AT', country: 'Austria', streets: [['Mariahilfer Straße 47', '1060']] },
  {
    city: 'New York',
    region: 'NY',
    countryCode: 'US',
    country: 'United States',
    streets: [
      ['221 West 26th Street', '10001'],
      ['85 Broad Street', '10004'],
    ],
  },
  {
    city: 'San Francisco',
    region: 'CA',
    countryCode: 'US',
    country: 'United States',
    streets: [
      ['535 Mission Street', '94105'],
      ['1 Townsend Street', '94107'],
    ],
  },
  { city: 'Seattle', region: 'WA', countryCode: 'US', country: 'United States', streets: [['1201 Third Avenue', '98101']] },
  { city: 'Austin', region: 'TX', countryCode: 'US', country: 'United States', streets: [['500 West 2nd Street', '78701']] },
  { city: 'Boston', region: 'MA', countryCode: 'US', country: 'United States', streets: [['200 Berkeley Street', '02116']] },
  { city: 'Chicago', region: 'IL', countryCode: 'US', country: 'United States', streets: [['150 North Riverside Plaza', '60606']] },
  { city: 'Denver', region: 'CO', countryCode: 'US', country: 'United States', streets: [['1600 Wynkoop Street', '80202']] },
  { city: 'Atlanta', region: 'GA', countryCode: 'US', country: 'United States', streets: [['675 Ponce de Leon Avenue', '30308']] },
  {
    city: 'Toronto',
    region: 'ON',
    countryCode: 'CA',
    country: 'Canada',
    streets: [
      ['100 King Street West', 'M5X 1A9'],
      ['460 College Street', 'M6G 1A1'],
    ],
  },
  { city: 'Vancouver', region: 'BC', countryCode: 'CA', country: 'Canada', streets: [['777 Hornby Street', 'V6Z 1S4']] },
  { city: 'Montreal', region: 'QC', countryCode: 'CA', country: 'Canada', streets: [['1250 Boulevard René-Lévesque Ouest', 'H3B 4W8']] },
  { city: 'Sydney', region: 'NSW', countryCode: 'AU', country: 'Australia', streets: [['1 Martin Place', '2000']] },
  { city: 'Melbourne', region: 'VIC', countryCode: 'AU', country: 'Australia', streets: [['120 Collins Street', '3000']] },
  { city: 'Singapore', region: 'SG', countryCode: 'SG', country: 'Singapore', streets: [['8 Marina View', '018960']] },
];

/** Remote locations: the region people may work from, and the country whose currency pays them. */
export interface RemoteEntry {
  name: string;
  /** Set when the remote location is limited to one country. */
  countryCode: string | null;
  /** Currency country for salaries. */
  payCountry: keyof typeof CURRENCIES;
}

/** The remote demo locations. */
export const REMOTE_LOCATIONS: readonly RemoteEntry[] = [
  { name: 'Remote (Worldwide)', countryCode: null, payCountry: 'US' },
  { name: 'Remote (Europe)', countryCode: null, payCountry: 'DE' },
  { name: 'Remote (United States)', countryCode: 'US', payCountry: 'US' },
  { name: 'Remote (United Kingdom)', countryCode: 'GB', payCountry: 'GB' },
  { name: 'Remote (Germany)', countryCode: 'DE', payCountry: 'DE' },
  { name: 'Remote (Canada)', countryCode: 'CA', payCountry: 'CA' },
  { name: 'Remote (Americas)', countryCode: null, payCountry: 'US' },
  { name: 'Remote (Asia-Pacific)', countryCode: null, payCountry: 'SG' },
];

/** Experience levels, lowercase, as jobs store them and browse filters on them. */
export const EXPERIENCE_LEVELS = ['entry', 'junior', 'mid', 'senior', 'lead'] as const;
/** One of EXPERIENCE_LEVELS. */
export type ExperienceLevel = (typeof EXPERIENCE_LEVELS)[number];

/** How a level shows in titles and how it scales the salary band. */
export const LEVELS: Record<ExperienceLevel, { prefixes: readonly string[]; salaryFactor: number; weight: number }> = {
  entry: { prefixes: ['Graduate', 'Entry-Level', 'Associate'], salaryFactor: 0.55, weight: 8 },
  junior: { prefixes: ['Junior'], salaryFactor: 0.7, weight: 17 },
  mid: { prefixes: [''], salaryFactor: 1, weight: 33 },
  senior: { prefixes: ['Senior'], salaryFactor: 1.3, weight: 30 },
  lead: { prefixes: ['Lead', 'Staff', 'Principal'], salaryFactor: 1.6, weight: 12 },
};

/** A kind of job (backend, data, design...): its titles, skills and the words its descriptions use. */
export interface RoleFamily {
  department: string;
  /** Base titles; the level prefix goes in front. */
  roles: readonly string[];
  teams: readonly string[];
  skills: readonly string[];
  responsibilities: readonly string[];
  /** Sentences about the work, two or three of which go into each description. */
  work: readonly string[];
  education: readonly string[];
  reportingTo: readonly string[];
  tags: readonly string[];
  /** Yearly base salary of a mid-level hire in US dollars: [low, high]. */
  band: readonly [number, number];
}

const DEGREE_CS = "Bachelor's degree in Computer Science or equivalent experience";
const DEGREE_STEM = "Bachelor's degree in a STEM field or equivalent experience";
const DEGREE_ANY = "Bachelor's degree or equivalent experience";
const MASTERS_QUANT = "Master's degree in Statistics, Mathematics or a related field";
const NO_DEGREE = 'No degree required; a portfolio of relevant work';

/** Every role family, by key. */
export const ROLE_FAMILIES = {
  backend: {
    department: 'Engineering',
    roles: [
      'Backend Engineer',
      'Software Engineer',
      'Platform Engineer',
      'API Engineer',
      'Java Developer',
      'Go Developer',
      'Python Developer',
    ],
    teams: ['Payments', 'Core Platform', 'Integrations', 'Search', 'Checkout', 'Identity'],
    skills: [
      'TypeScript',
      'Node.js',
      'Go',
      'Java',
      'Kotlin',
      'Python',
      'PostgreSQL',
      'MySQL',
      'Redis',
      'Kafka',
      'gRPC',
      'REST APIs',
      'Docker',
      'Kubernetes',
      'AWS',
      'GraphQL',
      'Elasticsearch',
      'Spring Boot',
    ],
    responsibilities: [
      'Design, build and operate services that handle thousands of requests per second',
      'Write well-tested code and review the code of your teammates',
      'Own features end to end, from design document to production monitoring',
      'Improve the reliability and performance of our APIs',
      'Take part in a fair on-call rotation for the services your team owns',
      'Work with product managers to turn requirements into technical plans',
      'Mentor engineers and share knowledge through pairing and documentation',
    ],
    work: [
      'You will build the APIs that our web and mobile apps depend on every day.',
      'Our services are written mostly in TypeScript and Go, run on Kubernetes and store data in PostgreSQL.',
      'We deploy many times a day behind feature flags and care about small, reviewable changes.',
      'The team is moving a monolith towards well-defined services without a big-bang rewrite.',
      'You will work closely with frontend engineers, designers and product managers.',
    ],
    education: [DEGREE_CS, DEGREE_STEM, 'No formal degree required; proven experience building production systems'],
    reportingTo: ['Engineering Manager', 'Head of Engineering', 'Director of Engineering'],
    tags: ['backend', 'engineering', 'apis'],
    band: [110_000, 150_000],
  },
  frontend: {
    department: 'Engineering',
    roles: ['Frontend Engineer', 'Full Stack Engineer', 'React Developer', 'Web Developer', 'UI Engineer'],
    teams: ['Web Experience', 'Growth', 'Design Systems', 'Customer Portal', 'Onboarding'],
    skills: [
      'TypeScript',
      'JavaScript',
      'React',
      'Next.js',
      'Vue.js',
      'CSS',
      'HTML',
      'Accessibility',
      'GraphQL',
      'Node.js',
      'Jest',
      'Playwright',
      'Storybook',
      'Figma',
    ],
    responsibilities: [
      'Build fast, accessible interfaces used by thousands of customers',
      'Turn designs into reusable components in our design system',
      'Measure and improve page performance and Core Web Vitals',
      'Write unit and end-to-end tests for the features you ship',
      'Collaborate with designers on interaction details',
      'Help shape our frontend architecture and tooling',
    ],
    work: [
      'Our web app is written in TypeScript and React, and we ship to production several times a day.',
      'You will care about accessibility, performance and the small details that make an interface feel right.',
      'The team maintains a shared component library used by every product squad.',
      'You will pair regularly with designers and backend engineers.',
    ],
    education: [DEGREE_CS, DEGREE_ANY, NO_DEGREE],
    reportingTo: ['Engineering Manager', 'Frontend Lead', 'Head of Engineering'],
    tags: ['frontend', 'engineering', 'web'],
    band: [100_000, 140_000],
  },
  mobile: {
    department: 'Engineering',
    roles: ['iOS Engineer', 'Android Engineer', 'Mobile Engineer', 'React Native Developer'],
    teams: ['Mobile Apps', 'Consumer App', 'Field App', 'Rider Experience'],
    skills: [
      'Swift',
      'SwiftUI',
      'Kotlin',
      'Jetpack Compose',
      'React Native',
      'TypeScript',
      'Objective-C',
      'Firebase',
      'GraphQL',
      'CI/CD',
      'XCTest',
    ],
    responsibilities: [
      'Build and ship features in our iOS and Android apps',
      'Keep the apps fast, stable and accessible on a wide range of devices',
      'Work with backend engineers on the APIs the apps consume',
      'Improve our release process and automated testing',
      'Monitor crash reports and fix what matters most to users',
    ],
    work: [
      'Our apps are used daily by hundreds of thousands of people, with a crash-free rate above 99.8%.',
      'We release every two weeks and use feature flags to roll out safely.',
      'You will have a real say in the architecture of the apps.',
    ],
    education: [DEGREE_CS, DEGREE_STEM],
    reportingTo: ['Mobile Engineering Manager', 'Head of Mobile'],
    tags: ['mobile', 'engineering', 'ios', 'android'],
    band: [105_000, 145_000],
  },
  data: {
    department: 'Data',
    roles: ['Data Analyst', 'Data Engineer', 'Analytics Engineer', 'Data Scientist', 'Business Intelligence Analyst'],
    teams: ['Analytics', 'Data Platform', 'Insights', 'Forecasting', 'Reporting'],
    skills: [
      'SQL',
      'Python',
      'dbt',
      'Airflow',
      'Spark',
      'Snowflake',
      'BigQuery',
      'Tableau',
      'Looker',
      'Power BI',
      'pandas',
      'Statistics',
      'PostgreSQL',
      'Kafka',
    ],
    responsibilities: [
      'Build reliable data pipelines and well-documented models',
      'Answer business questions with clear analysis and dashboards',
      'Define and maintain the metrics the company runs on',
      'Design experiments and interpret their results',
      'Work with engineers to improve data quality at the source',
      'Present findings to leadership in plain language',
    ],
    work: [
      'Our data stack is built on dbt, Airflow and a cloud warehouse.',
      'You will turn messy operational data into trustworthy models and dashboards.',
      'Decisions across the company are made with the numbers this team produces.',
      'You will work with product, finance and operations teams as internal customers.',
    ],
    education: [MASTERS_QUANT, DEGREE_STEM, "Bachelor's degree in Economics, Statistics or a related field"],
    reportingTo: ['Head of Data', 'Analytics Manager', 'Director of Data'],
    tags: ['data', 'analytics', 'sql'],
    band: [95_000, 135_000],
  },
  ml: {
    department: 'Machine Learning',
    roles: ['Machine Learning Engineer', 'Applied Scientist', 'Computer Vision Engineer', 'MLOps Engineer', 'NLP Engineer'],
    teams: ['Applied ML', 'Perception', 'Recommendations', 'ML Platform'],
    skills: [
      'Python',
      'PyTorch',
      'TensorFlow',
      'scikit-learn',
      'MLflow',
      'Kubernetes',
      'SQL',
      'Computer Vision',
      'NLP',
      'Spark',
      'AWS',
      'Docker',
    ],
    responsibilities: [
      'Train, evaluate and deploy models that run in production',
      'Build the pipelines that turn raw data into training sets',
      'Monitor model quality and retrain when data drifts',
      'Read research and turn promising ideas into experiments',
      'Work with product teams to find problems worth solving with ML',
    ],
    work: [
      'You will take models from notebook to production and own them once they are there.',
      'We favour simple, well-measured models over complex ones that nobody can maintain.',
      'Our training runs on a shared GPU cluster managed by the ML platform team.',
    ],
    education: [MASTERS_QUANT, "Master's or PhD in Computer Science, Machine Learning or a related field", DEGREE_STEM],
    reportingTo: ['Head of Machine Learning', 'ML Engineering Manager'],
    tags: ['ml', 'ai', 'engineering'],
    band: [125_000, 170_000],
  },
  devops: {
    department: 'Infrastructure',
    roles: ['DevOps Engineer', 'Site Reliability Engineer', 'Cloud Engineer', 'Infrastructure Engineer'],
    teams: ['Infrastructure', 'Reliability', 'Developer Experience', 'Cloud Operations'],
    skills: [
      'Kubernetes',
      'Terraform',
      'AWS',
      'Google Cloud',
      'Azure',
      'Linux',
      'Prometheus',
      'Grafana',
      'Ansible',
      'Go',
      'Python',
      'Bash',
      'CI/CD',
      'Helm',
    ],
    responsibilities: [
      'Run and improve the platform every team deploys to',
      'Automate infrastructure with Terraform and GitOps',
      'Define service level objectives and the alerts that protect them',
      'Lead incident response and write blameless post-mortems',
      'Reduce cloud costs without hurting reliability',
      'Make it easy for engineers to ship safely',
    ],
    work: [
      'Everything we run is defined in code and deployed through pipelines.',
      'You will help the company move faster by making the safe path the easy one.',
      'We run several Kubernetes clusters across two cloud regions.',
    ],
    education: [DEGREE_CS, 'No formal degree required; hands-on experience running production systems'],
    reportingTo: ['Head of Infrastructure', 'Engineering Manager, Platform'],
    tags: ['devops', 'sre', 'cloud'],
    band: [115_000, 155_000],
  },
  security: {
    department: 'Security',
    roles: ['Security Engineer', 'Application Security Engineer', 'Security Analyst', 'Cloud Security Engineer'],
    teams: ['Security Operations', 'Product Security', 'Governance & Compliance'],
    skills: [
      'Threat Modeling',
      'AWS',
      'Kubernetes',
      'Python',
      'SIEM',
      'Penetration Testing',
      'OWASP',
      'ISO 27001',
      'SOC 2',
      'Incident Response',
      'Terraform',
    ],
    responsibilities: [
      'Find and fix security weaknesses before attackers do',
      'Review designs and code with product teams',
      'Run and improve our detection and incident response',
      'Keep our certifications current and evidence-based',
      'Teach engineers to build securely through training and tooling',
    ],
    work: [
      'You will protect systems that hold sensitive customer data.',
      'Security here is a partner to engineering, not a gate at the end.',
      'We hold ISO 27001 and SOC 2 certifications and run regular external penetration tests.',
    ],
    education: [DEGREE_CS, 'Relevant certification such as OSCP, CISSP or equivalent experience'],
    reportingTo: ['Chief Information Security Officer', 'Head of Security'],
    tags: ['security', 'engineering', 'compliance'],
    band: [120_000, 160_000],
  },
  design: {
    department: 'Design',
    roles: ['Product Designer', 'UX Designer', 'UX Researcher', 'Visual Designer', 'Content Designer'],
    teams: ['Product Design', 'Design Systems', 'Research', 'Brand'],
    skills: [
      'Figma',
      'Prototyping',
      'User Research',
      'Interaction Design',
      'Design Systems',
      'Accessibility',
      'Usability Testing',
      'Information Architecture',
      'Illustration',
    ],
    responsibilities: [
      'Design flows from first sketch to polished, shipped interface',
      'Run interviews and usability tests and share what you learn',
      'Contribute to and extend our design system',
      'Work with engineers to make sure designs ship as intended',
      'Present your work and give thoughtful critique',
    ],
    work: [
      'Design has a seat at the table from the first conversation about a problem.',
      'You will talk to customers every month and see your work in their hands.',
      'We use Figma for everything and keep our design system in sync with code.',
    ],
    education: [NO_DEGREE, "Bachelor's degree in Design, HCI or a related field"],
    reportingTo: ['Head of Design', 'Design Manager'],
    tags: ['design', 'ux', 'research'],
    band: [95_000, 130_000],
  },
  product: {
    department: 'Product',
    roles: ['Product Manager', 'Technical Product Manager', 'Product Owner', 'Product Analyst'],
    teams: ['Core Product', 'Growth', 'Platform', 'New Ventures'],
    skills: [
      'Product Discovery',
      'Roadmapping',
      'SQL',
      'A/B Testing',
      'Stakeholder Management',
      'Jira',
      'User Research',
      'Analytics',
      'Agile',
    ],
    responsibilities: [
      'Decide what the team builds next and explain why',
      'Talk to customers and turn what you learn into clear problems',
      'Define success metrics and track them after launch',
      'Work with engineering and design to ship in small increments',
      'Keep stakeholders informed with honest updates',
    ],
    work: [
      'You will own the outcomes of a cross-functional team of engineers and designers.',
      'We set goals as outcomes, not feature lists, and review them every quarter.',
      'You will spend real time with customers and with data.',
    ],
    education: [DEGREE_ANY, 'MBA or equivalent experience'],
    reportingTo: ['Head of Product', 'VP Product', 'Group Product Manager'],
    tags: ['product', 'strategy'],
    band: [110_000, 150_000],
  },
  marketing: {
    department: 'Marketing',
    roles: [
      'Marketing Manager',
      'Content Marketer',
      'Growth Marketer',
      'SEO Specialist',
      'Social Media Manager',
      'Product Marketing Manager',
    ],
    teams: ['Brand', 'Growth', 'Content', 'Lifecycle'],
    skills: [
      'SEO',
      'Google Analytics',
      'Copywriting',
      'HubSpot',
      'Paid Social',
      'Email Marketing',
      'Content Strategy',
      'Marketing Automation',
      'A/B Testing',
    ],
    responsibilities: [
      'Plan and run campaigns across paid, owned and earned channels',
      'Write clear copy that explains what we do and why it matters',
      'Measure what works and move budget accordingly',
      'Work with sales and product on launches',
      'Grow our audience with useful content',
    ],
    work: [
      'You will tell the story of our products to the people who need them.',
      'We measure everything we do and are not afraid to stop what does not work.',
      'The team works closely with sales, product and design.',
    ],
    education: [DEGREE_ANY, "Bachelor's degree in Marketing, Communications or a related field"],
    reportingTo: ['Head of Marketing', 'Marketing Director', 'CMO'],
    tags: ['marketing', 'growth', 'content'],
    band: [75_000, 110_000],
  },
  sales: {
    department: 'Sales',
    roles: [
      'Account Executive',
      'Sales Development Representative',
      'Customer Success Manager',
      'Solutions Engineer',
      'Partnerships Manager',
    ],
    teams: ['Mid-Market', 'Enterprise', 'Partnerships', 'Customer Success'],
    skills: [
      'Salesforce',
      'Negotiation',
      'B2B Sales',
      'Account Management',
      'HubSpot',
      'Presentation Skills',
      'SaaS',
      'Pipeline Management',
    ],
    responsibilities: [
      'Build and manage a healthy pipeline of qualified opportunities',
      'Run discovery calls and tailored product demonstrations',
      'Negotiate and close deals with decision makers',
      'Help customers succeed after they sign',
      'Share customer feedback with product and marketing',
    ],
    work: [
      'You will sell to companies that have a real problem we solve well.',
      'Our sales cycle is consultative and typically takes six to twelve weeks.',
      'Compensation includes a base salary and an uncapped commission plan.',
    ],
    education: [DEGREE_ANY, 'No degree required; a track record in B2B sales'],
    reportingTo: ['Head of Sales', 'Sales Director', 'VP Sales'],
    tags: ['sales', 'b2b', 'saas'],
    band: [70_000, 105_000],
  },
  support: {
    department: 'Customer Support',
    roles: ['Customer Support Specialist', 'Technical Support Engineer', 'Support Team Lead', 'Customer Operations Associate'],
    teams: ['Customer Support', 'Technical Support', 'Customer Operations'],
    skills: ['Zendesk', 'Customer Service', 'Troubleshooting', 'SQL', 'Written Communication', 'Intercom', 'Jira', 'Empathy'],
    responsibilities: [
      'Help customers by email, chat and phone',
      'Investigate technical issues and reproduce bugs for engineering',
      'Write and improve help-centre articles',
      'Spot trends in customer questions and share them with product',
      'Keep response times within our service levels',
    ],
    work: [
      'You will be the voice of the company for customers who need help.',
      'We measure ourselves on customer satisfaction, not on tickets closed.',
      'Support shifts are scheduled fairly and planned a month in advance.',
    ],
    education: ['High school diploma or equivalent', DEGREE_ANY],
    reportingTo: ['Support Manager', 'Head of Customer Experience'],
    tags: ['support', 'customer-experience'],
    band: [50_000, 70_000],
  },
  operations: {
    department: 'Operations',
    roles: ['Operations Manager', 'Supply Chain Analyst', 'Project Manager', 'Business Operations Analyst', 'Logistics Coordinator'],
    teams: ['Operations', 'Supply Chain', 'Business Operations', 'Programme Office'],
    skills: [
      'Excel',
      'SQL',
      'Process Improvement',
      'Lean',
      'Project Management',
      'SAP',
      'Stakeholder Management',
      'Forecasting',
      'Power BI',
    ],
    responsibilities: [
      'Keep daily operations running smoothly and safely',
      'Find bottlenecks and redesign processes to remove them',
      'Plan capacity and track performance against targets',
      'Coordinate projects across several teams',
      'Report on operational metrics to leadership',
    ],
    work: [
      'You will make the machinery of the business run better every week.',
      'The role combines hands-on problem solving with longer-term planning.',
      'You will work with teams on the ground as well as with finance and leadership.',
    ],
    education: [DEGREE_ANY, "Bachelor's degree in Business, Engineering or a related field"],
    reportingTo: ['Head of Operations', 'Operations Director', 'COO'],
    tags: ['operations', 'process'],
    band: [70_000, 100_000],
  },
  finance: {
    department: 'Finance',
    roles: ['Financial Analyst', 'Accountant', 'FP&A Manager', 'Payroll Specialist', 'Financial Controller'],
    teams: ['Finance', 'FP&A', 'Accounting', 'Treasury'],
    skills: ['Excel', 'Financial Modeling', 'IFRS', 'GAAP', 'NetSuite', 'SAP', 'Budgeting', 'Forecasting', 'SQL'],
    responsibilities: [
      'Prepare monthly closes and management reports',
      'Build budgets and forecasts with department leads',
      'Analyse performance and explain variances',
      'Improve financial controls and processes',
      'Support audits and regulatory reporting',
    ],
    work: [
      'You will give the business a clear picture of where its money goes.',
      'We are replacing spreadsheets with proper systems and you will help choose them.',
      'The team works closely with leadership on planning and investment decisions.',
    ],
    education: ["Bachelor's degree in Finance, Accounting or Economics", 'Professional qualification such as ACCA, CIMA or CPA'],
    reportingTo: ['CFO', 'Finance Director', 'Head of FP&A'],
    tags: ['finance', 'accounting'],
    band: [75_000, 110_000],
  },
  people: {
    department: 'People',
    roles: ['Talent Acquisition Partner', 'People Partner', 'Recruiting Coordinator', 'Learning & Development Specialist'],
    teams: ['People', 'Talent Acquisition', 'People Operations'],
    skills: ['Recruiting', 'Interviewing', 'Employee Relations', 'HRIS', 'Greenhouse', 'Workday', 'Onboarding', 'Employment Law'],
    responsibilities: [
      'Hire great people through a fair, structured process',
      'Advise managers on growth, performance and wellbeing',
      'Run onboarding that sets new joiners up to succeed',
      'Improve our people processes and policies',
      'Use data to understand engagement and retention',
    ],
    work: [
      'You will help the company grow without losing what makes it a good place to work.',
      'We use structured interviews and clear scorecards for every role.',
      'The People team partners with every department.',
    ],
    education: [DEGREE_ANY, 'CIPD or SHRM certification, or equivalent experience'],
    reportingTo: ['Head of People', 'People Director'],
    tags: ['people', 'hr', 'recruiting'],
    band: [65_000, 95_000],
  },
} as const satisfies Record<string, RoleFamily>;

/** Key of ROLE_FAMILIES. */
export type RoleFamilyKey = keyof typeof ROLE_FAMILIES;

/** Tags any job may carry, beside the tags of its role family. */
export const GENERAL_TAGS = [
  'visa-sponsorship',
  'equity',
  'relocation',
  'flexible-hours',
  'four-day-week',
  'urgent',
  'new-team',
  'greenfield',
  'learning-budget',
  'parental-leave',
  'hiring-fast',
  'travel',
] as const;

/** Closing sentences of descriptions. */
export const CLOSINGS = [
  'We offer a competitive salary, generous holidays and a yearly learning budget.',
  'We value kindness, clear writing and finishing what we start.',
  'We welcome applications from people of every background and will adjust the interview process to your needs.',
  'Interviews take about two weeks: a call with the hiring manager, a practical exercise and a meeting with the team.',
  'If this sounds like you but you do not tick every box, we would still like to hear from you.',
  'You will get a laptop of your choice, private health insurance and a home-office budget.',
];

/** Project names each organization has a few of. */
export const PROJECT_NAMES = [
  'Platform Modernisation',
  'Mobile Relaunch',
  'Data Warehouse Migration',
  'Customer Portal',
  'Expansion into Spain',
  'Self-Service Onboarding',
  'Fraud Detection',
  'Cloud Cost Reduction',
  'Design System 2.0',
  'Partner API',
  'Warehouse Automation',
  'Accessibility Programme',
  'New Pricing Model',
  'Supplier Portal',
  'Realtime Tracking',
];

/** The demo users (DESIGN.md 8); each gets a fresh random key whenever the demo is seeded or its keys renewed. */
export const DEMO_USERS = {
  recruiter: {
    label: 'recruiter',
    name: 'Morgan Reyes',
    email: 'recruiter@demo.example',
    headline: 'Technical recruiter for every demo organization',
  },
  applicant: {
    label: 'applicant',
    name: 'Alex Kim',
    email: 'applicant@demo.example',
    headline: 'Backend engineer with seven years of TypeScript and PostgreSQL',
  },
  applicantWithoutResume: {
    label: 'applicant-without-resume',
    name: 'Sam Taylor',
    email: 'applicant-without-resume@demo.example',
    headline: 'Product designer looking for a new role',
  },
} as const;

/** The demo applicant's active resume. */
export const DEMO_RESUME = {
  title: 'Alex Kim - Backend Engineer',
  content: [
    'Alex Kim - Backend Engineer, Berlin.',
    'Seven years building APIs and data-heavy services in TypeScript, Node.js and Go.',
    'Experience: Senior Backend Engineer at a payments company (2021-now): designed the ledger service, cut p99 latency by 60%.',
    'Backend Engineer at a logistics start-up (2017-2021): built shipment tracking on PostgreSQL and Kafka.',
    'Skills: TypeScript, Node.js, Go, PostgreSQL, Redis, Kafka, Docker, Kubernetes, AWS.',
    "Education: Bachelor's degree in Computer Science.",
  ].join('\n'),
};
