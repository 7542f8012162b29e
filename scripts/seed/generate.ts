import type { JobTypeValue } from '../../shared/schemas/common';
import { createRandom, type Random } from './random';
import { describeSalary } from './salary';
import {
  CITIES,
  CLOSINGS,
  DEMO_RESUME,
  DEMO_USERS,
  GENERAL_TAGS,
  LEVELS,
  ORGANIZATIONS,
  PROJECT_NAMES,
  REMOTE_LOCATIONS,
  ROLE_FAMILIES,
  type ExperienceLevel,
  type RoleFamily,
  type RoleFamilyKey,
} from './vocabulary';

/**
 * The demo data as rows of the tables they go into (column names as keys), built from a seed and
 * a reference time only: the same inputs give the same rows, ids included.
 */

/** A row of organizations. */
export interface OrganizationSeedRow {
  id: string;
  name: string;
  website: string;
  industry: string;
  size: string;
  description: string;
  created_at: string;
  updated_at: string;
}
/** A row of locations. */
export interface LocationSeedRow {
  id: string;
  name: string;
  is_remote: boolean;
  workplace_type: 'onsite' | 'hybrid' | 'remote';
  address_line1: string | null;
  city: string | null;
  region: string | null;
  postal_code: string | null;
  country_code: string | null;
  created_at: string;
  updated_at: string;
}
/** A row of projects. */
export interface ProjectSeedRow {
  id: string;
  organization_id: string;
  name: string;
  created_at: string;
}
/** A row of users. */
export interface UserSeedRow {
  id: string;
  name: string;
  email: string;
  headline: string;
  is_recruiter: boolean;
  created_at: string;
  updated_at: string;
}
/** A row of organization_memberships. */
export interface MembershipSeedRow {
  user_id: string;
  organization_id: string;
  role: 'member' | 'admin';
  created_at: string;
}
/** A row of resumes. */
export interface ResumeSeedRow {
  id: string;
  user_id: string;
  title: string;
  content: string;
  is_active: boolean;
  created_at: string;
}
/** A row of jobs. */
export interface JobSeedRow {
  id: string;
  title: string;
  description: string;
  organization_id: string;
  location_id: string;
  type: JobTypeValue;
  salary: string;
  department: string;
  experience: ExperienceLevel;
  education: string | null;
  skills: string[];
  team: string | null;
  reporting_to: string | null;
  closing_date: string | null;
  tags: string[];
  responsibilities: string[];
  resume_score_threshold: number | null;
  generate_screening: boolean;
  project_id: string | null;
  created_by: string;
  is_active: boolean;
  version: number;
  created_at: string;
  updated_at: string;
}

/** Every demo row, by table. */
export interface SeedData {
  organizations: OrganizationSeedRow[];
  locations: LocationSeedRow[];
  projects: ProjectSeedRow[];
  users: UserSeedRow[];
  memberships: MembershipSeedRow[];
  resumes: ResumeSeedRow[];
  jobs: JobSeedRow[];
}

/** What the demo data is derived from; the defaults give the published demo. */
export interface SeedOptions {
  seed?: number;
  /** Reference time: jobs are spread over the 120 days before the start of its UTC day. */
  now?: Date;
  jobCount?: number;
}

/** Seed of the published demo data. */
export const DEFAULT_SEED = 20251121;
/** Number of demo jobs. */
export const DEFAULT_JOB_COUNT = 2000;
const DAY_MS = 86_400_000;
/** Jobs are created over this many days before the reference day. */
export const JOB_SPREAD_DAYS = 120;

const iso = (ms: number) => new Date(ms).toISOString();
const isoDate = (ms: number) => iso(ms).slice(0, 10);

/** Builds every demo row. Pure: no clock, no I/O. */
export function generateSeedData(options: SeedOptions = {}): SeedData {
  const seed = options.seed ?? DEFAULT_SEED;
  // Start of the UTC day: two runs on the same day give identical rows.
  const day = Math.floor((options.now ?? new Date()).getTime() / DAY_MS) * DAY_MS;
  const longAgo = iso(day - 365 * DAY_MS);

  const organizations = generateOrganizations(createRandom(seed, 'organizations'), longAgo);
  const { locations, payCountry } = generateLocations(createRandom(seed, 'locations'), longAgo);
  const projects = generateProjects(createRandom(seed, 'projects'), organizations, longAgo);
  const people = generatePeople(createRandom(seed, 'users'), organizations, longAgo);
  const hiringIn = assignLocations(createRandom(seed, 'hiring-locations'), organizations, locations);
  const jobs = generateJobs(createRandom(seed, 'jobs'), {
    day,
    count: options.jobCount ?? DEFAULT_JOB_COUNT,
    organizations,
    locations,
    payCountry,
    projects,
    hiringIn,
    recruiterId: people.users[0].id,
  });
  return { organizations, locations, projects, ...people, jobs };
}

function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function generateOrganizations(rng: Random, createdAt: string): OrganizationSeedRow[] {
  return ORGANIZATIONS.map((org) => ({
    id: rng.uuid(),
    name: org.name,
    website: `https://www.${slug(org.name)}.example`,
    industry: org.industry,
    size: org.size,
    description: `${org.name} ${org.about}.`,
    created_at: createdAt,
    updated_at: createdAt,
  }));
}

function generateLocations(rng: Random, createdAt: string): { locations: LocationSeedRow[]; payCountry: Map<string, string> } {
  const locations: LocationSeedRow[] = [];
  const payCountry = new Map<string, string>();
  CITIES.forEach((city, i) => {
    // The first hubs have both an office and a hybrid arrangement; the rest have one of the two.
    const kinds: ('onsite' | 'hybrid')[] = i < 7 ? ['onsite', 'hybrid'] : [rng.chance(0.55) ? 'onsite' : 'hybrid'];
    for (const kind of kinds) {
      const [line1, postalCode] = rng.pick(city.streets);
      const id = rng.uuid();
      locations.push({
        id,
        name: kind === 'hybrid' ? `${city.city} (Hybrid)` : city.city,
        is_remote: false,
        workplace_type: kind,
        address_line1: line1,
        city: city.city,
        region: city.region,
        postal_code: postalCode,
        country_code: city.countryCode,
        created_at: createdAt,
        updated_at: createdAt,
      });
      payCountry.set(id, city.countryCode);
    }
  });
  for (const remote of REMOTE_LOCATIONS) {
    const id = rng.uuid();
    locations.push({
      id,
      name: remote.name,
      is_remote: true,
      workplace_type: 'remote',
      address_line1: null,
      city: null,
      region: null,
      postal_code: null,
      country_code: remote.countryCode,
      created_at: createdAt,
      updated_at: createdAt,
    });
    payCountry.set(id, remote.payCountry);
  }
  return { locations, payCountry };
}

function generateProjects(rng: Random, organizations: OrganizationSeedRow[], createdAt: string): ProjectSeedRow[] {
  return organizations.flatMap((org) =>
    rng.sample(PROJECT_NAMES, rng.int(1, 3)).map((name) => ({ id: rng.uuid(), organization_id: org.id, name, created_at: createdAt })),
  );
}

function generatePeople(rng: Random, organizations: OrganizationSeedRow[], createdAt: string) {
  const all = [DEMO_USERS.recruiter, DEMO_USERS.applicant, DEMO_USERS.applicantWithoutResume];
  const users: UserSeedRow[] = all.map((u) => ({
    id: rng.uuid(),
    name: u.name,
    email: u.email,
    headline: u.headline,
    is_recruiter: u === DEMO_USERS.recruiter,
    created_at: createdAt,
    updated_at: createdAt,
  }));
  const [recruiter, applicant] = users;
  const memberships: MembershipSeedRow[] = organizations.map((org) => ({
    user_id: recruiter.id,
    organization_id: org.id,
    role: 'admin',
    created_at: createdAt,
  }));
  const resumes: ResumeSeedRow[] = [{ id: rng.uuid(), user_id: applicant.id, ...DEMO_RESUME, is_active: true, created_at: createdAt }];
  return { users, memberships, resumes };
}

/** Each organization hires in a few places: offices in one or more cities and some remote regions. */
function assignLocations(rng: Random, organizations: OrganizationSeedRow[], locations: LocationSeedRow[]): Map<string, LocationSeedRow[]> {
  const offices = locations.filter((l) => !l.is_remote);
  const remote = locations.filter((l) => l.is_remote);
  return new Map(organizations.map((org) => [org.id, [...rng.sample(offices, rng.int(2, 5)), ...rng.sample(remote, rng.int(0, 2))]]));
}

interface JobContext {
  day: number;
  count: number;
  organizations: OrganizationSeedRow[];
  locations: LocationSeedRow[];
  payCountry: Map<string, string>;
  projects: ProjectSeedRow[];
  hiringIn: Map<string, LocationSeedRow[]>;
  recruiterId: string;
}

const SIZE_WEIGHT: Record<string, number> = { '1-10': 1, '11-50': 2, '51-200': 3, '201-500': 4, '501-1000': 5, '1001-5000': 6, '5001+': 7 };
const ENGINEERING = new Set(['Engineering', 'Infrastructure', 'Machine Learning', 'Security', 'Data']);
const LEVEL_WEIGHTS = Object.entries(LEVELS).map(([level, { weight }]) => [level as ExperienceLevel, weight] as const);

function generateJobs(rng: Random, ctx: JobContext): JobSeedRow[] {
  const orgWeights = ctx.organizations.map((org, i) => [i, SIZE_WEIGHT[org.size]] as const);
  const jobs: JobSeedRow[] = [];
  for (let n = 0; n < ctx.count; n++) {
    const index = rng.weighted(orgWeights);
    jobs.push(generateJob(rng, ctx, ctx.organizations[index], ORGANIZATIONS[index]));
  }
  return jobs;
}

function generateJob(rng: Random, ctx: JobContext, org: OrganizationSeedRow, entry: (typeof ORGANIZATIONS)[number]): JobSeedRow {
  const familyKey: RoleFamilyKey = rng.chance(0.85) ? rng.pick(entry.hires) : rng.pick(Object.keys(ROLE_FAMILIES) as RoleFamilyKey[]);
  const family: RoleFamily = ROLE_FAMILIES[familyKey];
  const role = rng.pick(family.roles);
  const wanted = rng.weighted(LEVEL_WEIGHTS);
  const type = pickType(rng, wanted, entry.industry);
  const { title, level } = titleFor(rng, role, wanted, type, family.department);
  const location = rng.pick(ctx.hiringIn.get(org.id)!);
  const team = rng.chance(0.9) ? rng.pick(family.teams) : null;
  const tags = jobTags(rng, family, location);

  const createdMs = ctx.day - rng.int(60, JOB_SPREAD_DAYS * 24 * 60) * 60_000;
  const { isActive, closingDate } = lifecycle(rng, ctx.day, createdMs);
  const orgProjects = ctx.projects.filter((p) => p.organization_id === org.id);

  return {
    id: rng.uuid(),
    title,
    description: describeJob(rng, entry, family, title, team, location),
    organization_id: org.id,
    location_id: location.id,
    type,
    salary: describeSalary(rng, {
      band: family.band,
      level,
      type,
      country: ctx.payCountry.get(location.id)!,
      equity: tags.includes('equity'),
    }),
    department: family.department,
    experience: level,
    education: rng.chance(0.85) ? rng.pick(family.education) : null,
    skills: rng.sample(family.skills, rng.int(4, 8)),
    team,
    reporting_to: rng.chance(0.8) ? rng.pick(family.reportingTo) : null,
    closing_date: closingDate,
    tags,
    responsibilities: rng.sample(family.responsibilities, rng.int(3, 5)),
    resume_score_threshold: rng.chance(0.3) ? rng.pick([50, 60, 65, 70, 75, 80]) : null,
    generate_screening: rng.chance(0.25),
    project_id: orgProjects.length > 0 && rng.chance(0.3) ? rng.pick(orgProjects).id : null,
    created_by: ctx.recruiterId,
    is_active: isActive,
    version: 1,
    created_at: iso(createdMs),
    updated_at: iso(createdMs),
  };
}

/** Employment type: entry-level roles are often internships; volunteering only at non-profits. */
function pickType(rng: Random, level: ExperienceLevel, industry: string): JobTypeValue {
  if (industry === 'Non-profit' && rng.chance(0.2)) return 'volunteer';
  if (level === 'entry' && rng.chance(0.4)) return 'internship';
  return rng.weighted<JobTypeValue>([
    ['full_time', 80],
    ['contract', 9],
    ['part_time', 6],
    ['freelance', 5],
  ]);
}

/** A believable title for the role at the level, and the level it ends up at. */
function titleFor(
  rng: Random,
  role: string,
  wanted: ExperienceLevel,
  type: JobTypeValue,
  department: string,
): { title: string; level: ExperienceLevel } {
  if (type === 'internship') return { title: `${role} Intern`, level: 'entry' };
  if (/Lead$/.test(role)) return { title: role, level: 'lead' };
  let level = wanted;
  // Nobody hires a "Junior Financial Controller": managerial roles start at mid level.
  if (/Manager|Controller|Partner|Executive/.test(role) && (level === 'entry' || level === 'junior')) level = 'mid';
  let prefixes = LEVELS[level].prefixes;
  if (level === 'lead' && !ENGINEERING.has(department) && department !== 'Design') prefixes = ['Lead'];
  // "Associate Customer Operations Associate" reads badly: skip a prefix the role already holds.
  const usable = prefixes.filter((p) => !p || !role.includes(p));
  const prefix = usable.length > 0 ? rng.pick(usable) : '';
  return { title: prefix ? `${prefix} ${role}` : role, level };
}

/** Most jobs are open; some closed (closing date in the past), some switched off by the recruiter. */
function lifecycle(rng: Random, day: number, createdMs: number): { isActive: boolean; closingDate: string | null } {
  const createdDay = Math.floor(createdMs / DAY_MS) * DAY_MS;
  const ageDays = Math.round((day - createdDay) / DAY_MS);
  const roll = rng.next();
  if (roll < 0.08 && ageDays >= 3) {
    // Closed: the closing date fell between creation and yesterday.
    return { isActive: true, closingDate: isoDate(createdDay + rng.int(1, ageDays - 1) * DAY_MS) };
  }
  const futureDate = rng.chance(0.75) ? isoDate(day + rng.int(7, 90) * DAY_MS) : null;
  if (roll < 0.14) return { isActive: false, closingDate: futureDate };
  return { isActive: true, closingDate: futureDate };
}

function jobTags(rng: Random, family: RoleFamily, location: LocationSeedRow): string[] {
  const tags = new Set<string>(rng.sample(family.tags, rng.int(1, 2)));
  if (location.workplace_type !== 'onsite') tags.add(location.workplace_type);
  for (const tag of rng.sample(GENERAL_TAGS, rng.int(0, 3))) tags.add(tag);
  return [...tags];
}

function article(phrase: string): string {
  if (/^(SEO|SRE|MLOps|NLP|FP&A|iOS)\b/.test(phrase)) return 'an';
  if (/^U[A-Z]/.test(phrase)) return 'a';
  return /^[AEIOU]/i.test(phrase) ? 'an' : 'a';
}

function describeJob(
  rng: Random,
  org: (typeof ORGANIZATIONS)[number],
  family: RoleFamily,
  title: string,
  team: string | null,
  location: LocationSeedRow,
): string {
  const joining = team ? `to join the ${team} team in ${family.department}` : `to join our ${family.department} department`;
  const where =
    location.workplace_type === 'remote'
      ? `This is a remote role: you can work from anywhere covered by "${location.name}".`
      : location.workplace_type === 'hybrid'
        ? `The role is hybrid: you will spend two or three days a week in our ${location.city} office.`
        : `The role is based in our ${location.city} office at ${location.address_line1}.`;
  return [
    `${org.name} ${org.about}.`,
    `We are looking for ${article(title)} ${title} ${joining}.`,
    ...rng.sample(family.work, rng.int(2, 3)),
    where,
    rng.pick(CLOSINGS),
  ].join(' ');
}
