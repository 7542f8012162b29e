import { expect } from 'chai';
import { indexFreshJobs, jobDocument } from '../../../../test/fixtures/job-documents';
import { readClient } from '../../../../test/fixtures/read-client';
import { RELEVANCE_JOBS, relevanceJobName, type RelevanceJobName } from '../../../../test/fixtures/relevance-jobs';

/** A job of a small corpus, by the name the tests call it. */
const namedJob = (name: string, fields: Parameters<typeof jobDocument>[0]) => ({ name, doc: jobDocument(fields) });

/** A job of a small corpus by its title and description alone. */
const titledJob = (name: string, title: string, description: string) => namedJob(name, { title, description });

/** Jobs that share no word with the queries of a block: they make the query's words rare, as in a real index. */
const porters = (count: number, description = 'Move patients across the hospital.') =>
  Array.from({ length: count }, (_, i) => titledJob(`porter${i}`, 'Porter', description));

/**
 * Indexes `corpus` afresh before the tests of the describe block that calls it, and gives the
 * names of the jobs a query finds there, best first.
 */
function searchesCorpus(corpus: readonly ReturnType<typeof namedJob>[]): (q: string) => Promise<string[]> {
  const client = readClient();
  const nameOf = new Map(corpus.map(({ name, doc }) => [doc.id, name]));
  before(async () => {
    await indexFreshJobs(corpus.map(({ doc }) => doc));
  });
  return async (q) => {
    const res = await client.get(`/agents/jobs/search?q=${encodeURIComponent(q)}&limit=100`);
    expect(res.status).to.equal(200);
    return res.body.jobs.map((found: { id: string }) => nameOf.get(found.id)) as string[];
  };
}

/**
 * Golden relevance queries over a fixed corpus (test/fixtures/relevance-jobs.ts). A change to
 * the scoring that reorders these results must be deliberate: update the expectations with it.
 */
describe('search relevance (golden queries)', () => {
  const client = readClient();
  /** The names of the corpus jobs a query finds, best first. */
  const ranked = async (q: string): Promise<(RelevanceJobName | undefined)[]> => {
    const res = await client.get(`/agents/jobs/search?q=${encodeURIComponent(q)}&limit=100`);
    expect(res.status).to.equal(200);
    return res.body.jobs.map((job: { id: string }) => relevanceJobName(job.id));
  };

  before(async () => {
    await indexFreshJobs(Object.values(RELEVANCE_JOBS));
  });

  it('ranks a word in the title first, in skills, organization or tags next, in the description last', async () => {
    const order = await ranked('kotlin');
    expect(order).to.have.length(5);
    expect(order[0]).to.equal('kotlinInTitle');
    expect(order.slice(1, 4)).to.have.members(['kotlinInSkills', 'kotlinInOrganization', 'kotlinInTags']);
    expect(order[4]).to.equal('kotlinInDescription');
  });

  it('ranks the exact phrase in the title above the same words apart (even when those are newer)', async () => {
    expect(RELEVANCE_JOBS.dataEngineerApart.created_at > RELEVANCE_JOBS.dataEngineerPhrase.created_at).to.equal(true);
    expect(await ranked('data engineer')).to.deep.equal(['dataEngineerPhrase', 'dataEngineerApart']);
  });

  it('matches a phrase concept in the description as a phrase only: its words apart are something else', async () => {
    // (mlAbbreviated, found through the synonym "ml", is ranked further below.)
    expect((await ranked('machine learning')).filter((name) => name !== 'mlAbbreviated')).to.deep.equal(['mlPhrase']);
  });

  it('forgives a small typo: "typscript" finds the TypeScript job', async () => {
    expect(await ranked('typscript')).to.deep.equal(['typescript']);
  });

  it('forgives a typo in one field while another word matches in another field', async () => {
    // (Fewer than a page of jobs have both words: those with one follow, below it.)
    expect((await ranked('typscript engineer'))[0]).to.equal('typescript');
  });

  it('ranks an exact word above a near miss, even a newer one', async () => {
    expect(RELEVANCE_JOBS.nearWord.created_at > RELEVANCE_JOBS.exactWord.created_at).to.equal(true);
    expect(await ranked('elixir')).to.deep.equal(['exactWord', 'nearWord']);
    expect(await ranked('elixer')).to.deep.equal(['nearWord', 'exactWord']);
  });

  it('stems: "developers" finds every "Developer" job', async () => {
    expect(await ranked('developers')).to.have.members([
      'kotlinInTitle',
      'kotlinInSkills',
      'kotlinInOrganization',
      'kotlinInTags',
      'kotlinInDescription',
    ]);
  });

  it('breaks ties by newest', async () => {
    expect(await ranked('terraform')).to.deep.equal(['twinNewer', 'twinOlder']);
  });

  it('finds synonyms ("k8s" for "kubernetes"), below the word itself even when newer', async () => {
    expect(RELEVANCE_JOBS.k8sInSkills.created_at > RELEVANCE_JOBS.kubernetesInSkills.created_at).to.equal(true);
    expect(await ranked('kubernetes')).to.deep.equal(['kubernetesInSkills', 'k8sInSkills']);
    expect(await ranked('k8s')).to.deep.equal(['k8sInSkills', 'kubernetesInSkills']);
    expect(await ranked('js')).to.deep.equal(['javascriptInSkills']);
    expect(await ranked('golang')).to.deep.equal(['kotlinInOrganization']);
  });

  it('expands an abbreviation to its phrase, which must stand together', async () => {
    expect(await ranked('ml')).to.deep.equal(['mlAbbreviated', 'mlPhrase']);
    expect(await ranked('sre')).to.deep.equal(['twinNewer', 'twinOlder']);
  });

  it('reads a spelled-out phrase as one term that its abbreviation stands in for: below the exact phrase; its words apart do not match', async () => {
    expect(await ranked('machine learning')).to.deep.equal(['mlPhrase', 'mlAbbreviated']);
    // The phrase counts as one term: these queries have three each, and the jobs with all three rank first...
    expect((await ranked('ml weather farms')).slice(0, 2)).to.deep.equal(['mlAbbreviated', 'mlPhrase']);
    // ...and when fewer than a page have all three, two of the three will do, rather than nothing.
    expect((await ranked('machine learning weather astronomy')).slice(0, 2)).to.deep.equal(['mlPhrase', 'mlAbbreviated']);
  });

  it('matches "frontend" with "Front-End", and "front end" with "Frontend"', async () => {
    expect(await ranked('frontend')).to.deep.equal(['typescript', 'frontEndHyphen']);
    expect(await ranked('front end')).to.have.members(['typescript', 'frontEndHyphen']);
  });

  it('ranks the jobs with every word of a short query first, and lets in those missing one only when fewer than a page have them all', async () => {
    const order = await ranked('kotlin payments');
    expect(order[0]).to.equal('kotlinInTitle');
    expect(order.slice(1)).to.include.members(['kotlinInSkills', 'kotlinInOrganization', 'kotlinInTags', 'kotlinInDescription']);
    expect(await ranked('kotlin astronomy')).to.have.members([
      'kotlinInTitle',
      'kotlinInSkills',
      'kotlinInOrganization',
      'kotlinInTags',
      'kotlinInDescription',
    ]);
    expect(await ranked('astronomy')).to.deep.equal([]);
  });

  it('ignores stop words and punctuation between the words', async () => {
    expect(await ranked('the Kotlin, developer!')).to.deep.equal(await ranked('kotlin developer'));
  });
});

/**
 * The defects of issue 16, found on real postings, each on a small corpus of its own: stemming
 * that joined unrelated words, filler that counted as the match, seniority and job type not
 * meeting `experience` and `type`, a city counting less than a passing mention, abbreviations
 * that reached nothing.
 */
describe('search relevance (defects found on real postings)', () => {
  const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 0, minutes)).toISOString();
  const neutral = 'Join a friendly team on site.';
  const job = (name: string, fields: Parameters<typeof jobDocument>[0]) =>
    namedJob(name, { description: neutral, created_at: at(0), ...fields });
  const ranked = searchesCorpus([
    // One side of a pair the dictionary stemmer joined; the other side is the query.
    job('promotions', { title: 'Promotions Coordinator' }),
    job('block', { title: 'Porter (Block H)' }),
    job('act', { title: 'Act Compliance Officer' }),
    job('busy', { title: 'Busy Ward Clerk' }),
    job('signer', { title: 'Signer for Deaf Students' }),
    job('source', { title: 'Source Control Engineer' }),
    job('charge', { title: 'Charge Nurse' }),
    job('search', { title: 'Executive Search Consultant' }),
    job('tail', { title: 'Tail Lift Driver' }),
    job('port', { title: 'Port Operative' }),
    job('placement', { title: 'Placement Officer' }),
    job('patch', { title: 'Patch Management Engineer' }),
    // Forms of one word.
    job('analyst', { title: 'Data Analyst', experience: 'Mid-Senior level', created_at: at(5) }),
    job('entryAnalyst', { title: 'Data Analyst', experience: 'Entry level', created_at: at(1) }),
    job('nurses', { title: 'Registered Nurses' }),
    job('company', { title: 'Company Secretary' }),
    job('children', { title: 'Children Support Worker' }),
    // A word of roles (three titles name pharmacists) and one of settings (a school, in a description).
    job('pharmacist', { title: 'Pharmacist' }),
    job('clinicalPharmacist', { title: 'Clinical Pharmacist' }),
    job('pharmacistPrescriber', { title: 'Pharmacist Prescriber' }),
    job('pharmacyTechnician', { title: 'Pharmacy Technician', description: 'You will support our pharmacists on the wards.' }),
    job('teachingAssistant', { title: 'Teaching Assistant', description: 'Work across our partner school.' }),
    // Job types and filler.
    job('cook', { title: 'Cook', type: 'part_time' }),
    job('partTimeMidwife', { title: 'Community Midwife', type: 'part_time', location: 'York', created_at: at(1) }),
    job('fullTimeMidwife', { title: 'Community Midwife', location: 'York', created_at: at(5) }),
    // Places: three jobs in Leeds make "leeds" a place; the midwife in York only mentions it.
    job('leedsMidwife', { title: 'Community Midwife', location: 'Leeds', created_at: at(2) }),
    job('leedsClerk', { title: 'Ward Clerk', location: 'Leeds' }),
    job('leedsPorter', { title: 'Theatre Porter', location: 'Leeds' }),
    job('yorkMidwife', {
      title: 'Community Midwife',
      location: 'York',
      description: 'Our midwives train at the Leeds hospital.',
      created_at: at(9),
    }),
    job('remotePython', { title: 'Python Developer', location: 'Remote', created_at: at(1) }),
    job('berlinPython', {
      title: 'Python Developer',
      location: 'Berlin',
      description: 'Weekly remote meetings with the team.',
      created_at: at(9),
    }),
    // Abbreviations.
    job('sre', { title: 'Site Reliability Engineer' }),
    job('devops', { title: 'DevOps Engineer' }),
    job('hca', { title: 'Healthcare Assistant' }),
    job('gp', { title: 'General Practitioner' }),
    job('rmn', { title: 'Registered Mental Health Nurse' }),
    job('projectManager', { title: 'Project Manager' }),
    job('etl', { title: 'ETL Developer' }),
  ]);

  it('never matches a word with an unrelated word the dictionary stemmer gave the same stem', async () => {
    const collisions: [string, string][] = [
      ['remote', 'promotions'],
      ['hive', 'block'],
      ['react', 'act'],
      ['business', 'busy'],
      ['designer', 'signer'],
      ['resources', 'source'],
      ['discharge', 'charge'],
      ['research', 'search'],
      ['retail', 'tail'],
      ['reporting', 'port'],
      ['replacement', 'placement'],
      ['dispatch', 'patch'],
    ];
    for (const [q, unrelated] of collisions) expect(await ranked(q), q).not.to.include(unrelated);
  });

  it('matches the other forms of a word', async () => {
    expect(await ranked('analysts')).to.have.members(['analyst', 'entryAnalyst']);
    expect(await ranked('nurse')).to.include('nurses');
    expect(await ranked('companies')).to.deep.equal(['company']);
    expect(await ranked('child')).to.deep.equal(['children']);
  });

  it('asks for the other form of a role word in the short fields only: pharmacists in a description are colleagues', async () => {
    expect(await ranked('pharmacist')).to.have.members(['pharmacist', 'clinicalPharmacist', 'pharmacistPrescriber']);
    expect(await ranked('schools')).to.deep.equal(['teachingAssistant']);
  });

  it('never lets filler count as the match: the role word must match', async () => {
    expect(await ranked('part time astronaut jobs')).to.deep.equal([]);
    expect(await ranked('astronaut vacancy')).to.deep.equal([]);
    expect(await ranked('part time cook jobs')).to.deep.equal(['cook']);
  });

  it('never asks a job for the words a seeker says to the search ("show me", "i want", "any ... going")', async () => {
    expect(await ranked('show me cook jobs')).to.deep.equal(['cook']);
    expect(await ranked('i want a job as a cook')).to.deep.equal(['cook']);
    expect(await ranked('any cook jobs going')).to.deep.equal(['cook']);
    expect(await ranked('can i become a cook')).to.deep.equal(['cook']);
    expect(await ranked('could someone like me become a cook please')).to.deep.equal(['cook']);
  });

  it('reads "no experience" as entry level, never as a word to require', async () => {
    expect(await ranked('data analyst with no experience')).to.deep.equal(['entryAnalyst', 'analyst']);
    expect(await ranked('data analyst without any experience')).to.deep.equal(['entryAnalyst', 'analyst']);
  });

  it('meets a seniority phrase with the experience level, whichever posting is newer', async () => {
    expect(await ranked('data analyst')).to.deep.equal(['analyst', 'entryAnalyst']);
    expect(await ranked('entry level data analyst')).to.deep.equal(['entryAnalyst', 'analyst']);
    expect(await ranked('junior data analyst')).to.deep.equal(['entryAnalyst', 'analyst']);
    expect(await ranked('senior data analyst')).to.deep.equal(['analyst', 'entryAnalyst']);
  });

  it('meets a job type with the job type', async () => {
    expect((await ranked('part time community midwife'))[0]).to.equal('partTimeMidwife');
  });

  it('favours jobs located in a city named in the query over a passing mention, without requiring the city', async () => {
    const order = await ranked('community midwife leeds');
    expect(order[0]).to.equal('leedsMidwife');
    expect(order).to.include.members(['yorkMidwife', 'partTimeMidwife', 'fullTimeMidwife']);
    expect(order).not.to.include.members(['leedsClerk', 'leedsPorter']);
    expect(await ranked('leeds')).to.include.members(['leedsMidwife', 'leedsClerk', 'leedsPorter']);
  });

  it('favours remote jobs for "remote"', async () => {
    expect((await ranked('remote python developer')).slice(0, 2)).to.deep.equal(['remotePython', 'berlinPython']);
  });

  it('expands the abbreviations seekers type', async () => {
    expect(await ranked('sre')).to.deep.equal(['sre', 'devops']);
    expect(await ranked('devops')).to.deep.equal(['devops']);
    expect(await ranked('hca')).to.deep.equal(['hca']);
    expect(await ranked('gp')).to.deep.equal(['gp']);
    expect(await ranked('rmn')).to.deep.equal(['rmn']);
    expect(await ranked('pm')).to.deep.equal(['projectManager']);
    expect(await ranked('etl')).to.deep.equal(['etl']);
  });
});

/**
 * The mechanisms of issue 29, each found on real postings by `_explain` and fixed at its root:
 * every case fails without its fix.
 */
describe('search relevance (what holds on queries nobody tuned on)', () => {
  const client = readClient();
  const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 0, minutes)).toISOString();
  const job = (name: string, fields: Parameters<typeof jobDocument>[0]) => ({
    name,
    doc: jobDocument({ description: 'Join a friendly team on site.', location: 'York', created_at: at(0), ...fields }),
  });
  const times = (n: number, make: (i: number) => ReturnType<typeof job>) => Array.from({ length: n }, (_, i) => make(i));
  const corpus = [
    // An abbreviation as the title, where the words typed are common.
    job('hcaBank', { title: 'HCA Bank', location: 'Leeds' }),
    ...times(3, (i) => job(`healthcareAssistant${i}`, { title: 'Healthcare Assistant', location: 'Leeds', created_at: at(i) })),
    job('kitchenAssistant', { title: 'Kitchen Assistant' }),
    job('healthcareScientist', { title: 'Healthcare Scientist' }),
    // A place: one physiotherapist there, better titled ones elsewhere; ten ward clerks there.
    job('leedsPhysio', { title: 'Senior Physiotherapist - Musculoskeletal Outpatients', location: 'Leeds' }),
    ...times(3, (i) => job(`yorkPhysio${i}`, { title: 'Physiotherapist', created_at: at(10 + i) })),
    ...times(10, (i) => job(`leedsClerk${i}`, { title: 'Ward Clerk', location: 'Leeds', created_at: at(i) })),
    job('yorkClerk', { title: 'Ward Clerk', created_at: at(30) }),
    job('wardSister', { title: 'Ward Sister', created_at: at(31) }),
    // A misspelt role with a place: twenty radiographers elsewhere, and ten there.
    ...times(20, (i) => job(`yorkRadiographer${i}`, { title: 'Radiographer', created_at: at(40 + i) })),
    ...times(10, (i) => job(`leedsRadiographer${i}`, { title: 'Diagnostic Radiographer', location: 'Leeds', created_at: at(i) })),
    // Seniority: the level in the title, against LinkedIn's noisy tag on a newer posting.
    job('leadOt', { title: 'Occupational Therapist - Team Lead', experience: 'Not Applicable' }),
    job('taggedOt', { title: 'Occupational Therapist', experience: 'Mid-Senior level', created_at: at(20) }),
    // Seniority: the level asked for, a level next to it, and none (the newest, tagged
    // "Mid-Senior level", which is no sign of senior).
    job('seniorDietitian', { title: 'Senior Dietitian' }),
    job('specialistDietitian', { title: 'Highly Specialist Dietitian', created_at: at(1) }),
    job('dietitian', { title: 'Dietitian', experience: 'Mid-Senior level', created_at: at(2) }),
    job('principalDataEngineer', { title: 'Principal Data Engineer' }),
    job('dataEngineer', { title: 'Data Engineer', created_at: at(1) }),
    job('pharmacyManager', { title: 'Pharmacy Manager' }),
    job('pharmacyTechnician', { title: 'Pharmacy Technician', created_at: at(1) }),
    // A role, its field and its neighbours.
    job('qaTester', { title: 'QA Tester' }),
    job('testEngineer', { title: 'Test Engineer' }),
    job('dataScientist', { title: 'Data Scientist', location: 'Remote', workplace_type: 'remote' }),
    job('dataScienceManager', { title: 'Data Science Manager', created_at: at(20) }),
    job('midwife', { title: 'Midwife' }),
    // "IT", a stop word elsewhere, and a newer job without it.
    job('itSupport', { title: 'IT Support Analyst' }),
    job('supportWorker', { title: 'Support Worker', description: 'Support our residents as it suits them.', created_at: at(40) }),
    // A two-word concept, and its words apart.
    job('visionEngineer', { title: 'Computer Vision Engineer' }),
    job('optometrist', {
      title: 'Optometrist',
      description: 'A degree in computer science is welcome; normal colour vision is required.',
    }),
  ];
  const nameOf = new Map(corpus.map(({ name, doc }) => [doc.id, name]));
  const search = async (q: string) => {
    const res = await client.get(`/agents/jobs/search?q=${encodeURIComponent(q)}&limit=100`);
    expect(res.status).to.equal(200);
    return {
      names: res.body.jobs.map((found: { id: string }) => nameOf.get(found.id)) as string[],
      place: res.body.place,
      spelling: res.body.spelling,
    };
  };
  const ranked = async (q: string) => (await search(q)).names;

  before(async () => {
    await indexFreshJobs(corpus.map(({ doc }) => doc));
  });

  it('never scores an abbreviation above the words typed', async () => {
    const order = await ranked('healthcare assistant');
    expect(order.slice(0, 3)).to.have.members(['healthcareAssistant0', 'healthcareAssistant1', 'healthcareAssistant2']);
    expect(order).to.include('hcaBank');
  });

  it('answers a place with the jobs there, and goes elsewhere only when too few match, saying so', async () => {
    const physio = await search('physiotherapist leeds');
    expect(physio.names[0]).to.equal('leedsPhysio');
    expect(physio.names).to.include.members(['yorkPhysio0', 'yorkPhysio1', 'yorkPhysio2']);
    expect(physio.place).to.deep.equal({ words: ['leeds'], in_place_total: 1, includes_elsewhere: true });
    const clerks = await search('ward clerk leeds');
    expect(clerks.names).to.have.length(10).and.not.to.include('yorkClerk');
    expect(clerks.place).to.deep.equal({ words: ['leeds'], in_place_total: 10, includes_elsewhere: false });
    expect((await search('ward clerk')).place).to.equal(undefined);
    // "near", asked of every job's location as a place of its own, found none.
    const near = await search('physiotherapist near leeds');
    expect(near.names[0]).to.equal('leedsPhysio');
    expect(near.place).to.deep.equal({ words: ['leeds'], in_place_total: 1, includes_elsewhere: true });
    // Either place will do: every job had to be located in both.
    const either = await search('physiotherapist leeds or york');
    expect(either.names.slice(0, 4)).to.have.members(['leedsPhysio', 'yorkPhysio0', 'yorkPhysio1', 'yorkPhysio2']);
    expect(either.place).to.include({ in_place_total: 4 });
  });

  it('reads a misspelt word as the word many jobs have, so that the place named applies, and says so', async () => {
    // Read as typed, no title named "radiografer", so the place let in every radiographer elsewhere.
    const found = await search('Radiografer Leeds');
    expect(found.names).to.have.length(10);
    expect(found.names.every((name) => name.startsWith('leedsRadiographer'))).to.equal(true);
    expect(found.place).to.deep.equal({ words: ['leeds'], in_place_total: 10, includes_elsewhere: false });
    expect(found.spelling).to.deep.equal({
      searched: 'radiographer Leeds',
      corrections: [{ typed: 'radiografer', read_as: 'radiographer' }],
    });
    expect((await search('radiographer leeds')).spelling).to.equal(undefined);
  });

  it('lets in the jobs that miss one word only when fewer than a page have every word, below those that do', async () => {
    // Eleven ward clerks: a page and more, so the ward sister, who misses "clerk", stays out.
    expect(await ranked('ward clerk'))
      .to.have.length(11)
      .and.not.to.include('wardSister');
    // One ward sister: the ward clerks, who miss "sister", follow her.
    const sisters = await ranked('ward sister');
    expect(sisters[0]).to.equal('wardSister');
    expect(sisters).to.include('yorkClerk');
  });

  it('ranks a level in the title above a noisy level tag', async () => {
    expect(await ranked('lead occupational therapist')).to.deep.equal(['leadOt', 'taggedOt']);
  });

  it('meets a level with the titles of the levels next to it, below the level itself and above none', async () => {
    expect(await ranked('senior dietitian')).to.deep.equal(['seniorDietitian', 'specialistDietitian', 'dietitian']);
    expect(await ranked('lead data engineer')).to.deep.equal(['principalDataEngineer', 'dataEngineer']);
    expect(await ranked('head of pharmacy')).to.deep.equal(['pharmacyManager', 'pharmacyTechnician']);
  });

  it('lets a role meet its field and its neighbours, below the words typed', async () => {
    expect(await ranked('test engineer')).to.deep.equal(['testEngineer', 'qaTester']);
    expect(await ranked('midwifery')).to.deep.equal(['midwife']);
    expect(await ranked('data science')).to.deep.equal(['dataScienceManager', 'dataScientist']);
  });

  it('reads "it" in a query of keywords as IT, in the short fields, not as the pronoun of a description', async () => {
    const order = await ranked('it support');
    expect(order[0]).to.equal('itSupport');
    expect(await ranked('it')).to.deep.equal(['itSupport']);
  });

  it('matches a two-word concept as a phrase, not its words apart', async () => {
    expect(await ranked('computer vision')).to.deep.equal(['visionEngineer']);
    expect(await ranked('machine lerning')).to.deep.equal([]);
  });

  it('lets the remote work asked for outrank the phrase of the field', async () => {
    expect(await ranked('remote data science job')).to.deep.equal(['dataScientist', 'dataScienceManager']);
  });
});

describe('search relevance (a query of skills that few jobs have together)', () => {
  const ranked = searchesCorpus([
    titledJob('architect', 'Platform Architect', 'We build on AWS with Terraform modules.'),
    titledJob('awsEngineer0', 'AWS Cloud Engineer', 'Run our cloud estate.'),
    titledJob('awsEngineer1', 'AWS Cloud Engineer', 'Run our cloud estate.'),
    ...[0, 1, 2].map((i) => titledJob(`terraformOps${i}`, 'Operations Analyst', 'Terraform and Ansible every day.')),
    // A role named: the role in a title is the better answer than both words in a description.
    ...[0, 1, 2].map((i) => titledJob(`pharmacist${i}`, 'Pharmacist', 'Dispense and advise on medicines.')),
    titledJob('dispensary', 'Dispensary Assistant', 'Support the locum pharmacist on weekends.'),
    // "locum" names roles too, as on the real postings, where titles have it ("Locum Consultant").
    ...[0, 1, 2].map((i) => titledJob(`locumGp${i}`, 'Locum GP', 'Cover surgeries across the county.')),
  ]);

  it('ranks the jobs with every skill first when it lets in those missing one, above a skill in a title', async () => {
    const order = await ranked('aws terraform');
    expect(order[0]).to.equal('architect');
    expect(order.slice(1)).to.have.members(['awsEngineer0', 'awsEngineer1', 'terraformOps0', 'terraformOps1', 'terraformOps2']);
  });

  it('keeps the order of the scores for a query whose words all name roles', async () => {
    const order = await ranked('locum pharmacist');
    expect(order.slice(0, 3)).to.have.members(['pharmacist0', 'pharmacist1', 'pharmacist2']);
    expect(order).to.include('dispensary');
  });
});

describe('search relevance (a rare qualifier of a common role)', () => {
  const ranked = searchesCorpus([
    ...[0, 1].map((i) => titledJob(`pathologyTechnologist${i}`, 'Anatomical Pathology Technologist', 'Work in the hospital mortuary.')),
    ...['Pharmacy', 'IT', 'Endoscopy', 'Dental', 'Laboratory', 'Theatre'].map((kind) =>
      titledJob(`${kind.toLowerCase()}Technician`, `${kind} Technician`, 'Join our friendly team.'),
    ),
  ]);

  it('ranks the jobs that keep the qualifier above those that keep only the role, when none has both', async () => {
    const order = await ranked('mortuary technician');
    expect(order).to.have.length(8);
    expect(order.slice(0, 2)).to.have.members(['pathologyTechnologist0', 'pathologyTechnologist1']);
  });
});

describe('search relevance (an abbreviation that only descriptions have)', () => {
  const ranked = searchesCorpus([
    ...[0, 1, 2].map((i) => namedJob(`socialWorker${i}`, { title: 'Social Worker', description: 'Train as an AMHP with us.' })),
    // "&amp;" left in locations by a source: "amp" is one typo from "amhp".
    ...[0, 1, 2, 3, 4, 5].map((i) =>
      namedJob(`supportWorker${i}`, { title: 'Support Worker', location: 'Flintshire &amp; Wrexham', description: 'Care at home.' }),
    ),
  ]);

  it('matches a short word that descriptions have as typed, without the words one typo away', async () => {
    expect(await ranked('amhp')).to.have.members(['socialWorker0', 'socialWorker1', 'socialWorker2']);
  });
});

describe('search relevance (an abbreviation that one description has)', () => {
  const ranked = searchesCorpus([
    namedJob('financeTrainee', { title: 'Graduate Finance Trainee', description: 'Study for the ACCA with us.' }),
    // One letter from "acca": titles of other trades' abbreviations.
    ...[0, 1, 2].map((i) => namedJob(`accp${i}`, { title: 'Advanced Critical Care Practitioner (ACCP)', description: 'Critical care.' })),
    ...[0, 1, 2].map((i) => namedJob(`accCoder${i}`, { title: 'ACC Qualified Clinical Coder', description: 'Clinical coding.' })),
  ]);

  it('matches it as typed, not as the titles one typo away', async () => {
    expect(await ranked('acca')).to.deep.equal(['financeTrainee']);
  });
});

describe('search relevance (a query of topics with common words)', () => {
  const ranked = searchesCorpus([
    titledJob('nurse', 'Mental Health Nurse', 'Motivational interviewing, risk assessment and care planning.'),
    titledJob('psychologist', 'Clinical Psychologist', 'Motivational interviewing with families.'),
    // "risk" and "assessment" in a third of the descriptions: common words, as on the real postings.
    ...Array.from({ length: 10 }, (_, i) => titledJob(`safetyOfficer${i}`, 'Safety Officer', 'Carry out risk assessment across sites.')),
    ...porters(20, 'Move patients between wards.'),
  ]);

  it('asks for the rarer topics and ranks by the common words, without leaving out a job that lacks them', async () => {
    const order = await ranked('motivational interviewing risk assessment');
    expect(order.slice(0, 2)).to.deep.equal(['nurse', 'psychologist']);
  });
});

describe('search relevance (a query of skills that one posting asks for together, another names one of in its title)', () => {
  const job = (name: string, title: string, description: string, location?: string) =>
    namedJob(name, { title, description, ...(location ? { location } : {}) });
  const ranked = searchesCorpus([
    job(
      'analyticsEngineer',
      'Analytics Engineer',
      'Build dbt models on Snowflake. You will own our dbt project and our Snowflake warehouse: dbt tests, Snowflake costs.',
    ),
    // DBT, the therapy, in a unit named Snowflake: one word of the query in the title, the other in passing.
    job('dbtTherapist', 'Dialectical Behaviour Therapy (DBT) Therapist', 'Run DBT skills groups for adults.', 'Snowflake Unit, Leeds'),
    job('dbtLead', 'Clinical Lead', 'Lead the DBT service across our wards.'),
    ...[0, 1, 2].map((i) => job(`dataEngineer${i}`, 'Data Engineer', 'Pipelines into Snowflake.')),
    ...porters(20, 'Move patients between wards.'),
  ]);

  it('ranks the posting that asks for every skill, often, above one whose title names one of them', async () => {
    // (Fewer than a page have both words: the jobs with one follow, below them.)
    expect((await ranked('snowflake dbt')).slice(0, 2)).to.deep.equal(['analyticsEngineer', 'dbtTherapist']);
  });
});

describe('search relevance (alternatives joined by "or")', () => {
  const ranked = searchesCorpus([
    // Both words, in another sense: without "or" read as either, these were all a page held.
    ...Array.from({ length: 10 }, (_, i) => titledJob(`storesAnalyst${i}`, 'Retail Stores Analyst', 'Data warehouse reporting.')),
    ...[0, 1, 2].map((i) => titledJob(`warehouseOperative${i}`, 'Warehouse Operative', 'Pick and pack orders.')),
    ...[0, 1, 2].map((i) => titledJob(`storesPerson${i}`, 'Stores Person', 'Receive deliveries on the ward.')),
    titledJob('porter', 'Porter', 'Move patients between wards.'),
  ]);

  it('finds the jobs with either word', async () => {
    const order = await ranked('any warehouse or stores jobs going');
    expect(order).to.have.length(16).and.to.include.members(['warehouseOperative0', 'storesPerson0']);
    expect(order).not.to.include('porter');
  });
});

describe('search relevance (a job type beside one word that names no role)', () => {
  const job = (name: string, title: string, description: string, type: 'contract' | 'full_time') =>
    namedJob(name, { title, description, type });
  const ranked = searchesCorpus([
    // Fixed-term jobs that mention management: "contract" read as the type alone put them first.
    ...Array.from({ length: 12 }, (_, i) => job(`fixedTerm${i}`, 'Staff Nurse', 'Bed management on a busy ward.', 'contract')),
    job('contractLead', 'Contract Lead', 'Lead the management of our supplier agreements.', 'full_time'),
  ]);

  it('reads "contract management" as a field: the job about contracts comes first', async () => {
    expect((await ranked('contract management'))[0]).to.equal('contractLead');
  });
});

describe('search relevance (a place named with a role whose word the tokenizer splits)', () => {
  const client = readClient();
  const corpus = [
    // "R&D" shares the "d" of "l&d": read as any of its parts, these were L&D managers in Leeds.
    ...[0, 1, 2].map((i) =>
      namedJob(`rdLeeds${i}`, { title: 'R&D Manager', location: 'Leeds', description: 'Lead research with our L&D partners.' }),
    ),
    namedJob('ldYork', { title: 'L&D Manager', location: 'York', description: 'Learning and development for every team.' }),
  ];
  const nameOf = new Map(corpus.map(({ name, doc }) => [doc.id, name]));
  before(async () => {
    await indexFreshJobs(corpus.map(({ doc }) => doc));
  });

  it('lifts in the place only the jobs whose title has every part of the word', async () => {
    const res = await client.get(`/agents/jobs/search?q=${encodeURIComponent('l&d manager leeds')}`);
    expect(res.status).to.equal(200);
    // Three jobs there have the words (one in the description), none names the role in its title: elsewhere follows.
    expect(res.body.place).to.deep.equal({ words: ['leeds'], in_place_total: 3, includes_elsewhere: true });
    expect(nameOf.get((res.body.jobs as { id: string }[])[0].id)).to.equal('ldYork');
  });
});

describe("search relevance (a city of the world's where no job is)", () => {
  const client = readClient();
  const corpus = [
    // No job is in Austin; these nurses' descriptions name a ward after it, and read as a rare word it lifted them first.
    ...[0, 1, 2].map((i) =>
      namedJob(`austinWardNurse${i}`, {
        title: 'Staff Nurse',
        location: 'Leeds',
        description: 'Join the Austin ward team, with engineers of our software on the unit.',
      }),
    ),
    namedJob('softwareEngineer', { title: 'Software Engineer', location: 'San Diego, CA', description: 'Build our platform.' }),
  ];
  const nameOf = new Map(corpus.map(({ name, doc }) => [doc.id, name]));
  before(async () => {
    await indexFreshJobs(corpus.map(({ doc }) => doc));
  });

  it('reads the city as the place, says no job is there, and ranks the role elsewhere first', async () => {
    const res = await client.get(`/agents/jobs/search?q=${encodeURIComponent('software engineer austin')}`);
    expect(res.status).to.equal(200);
    expect(res.body.place).to.deep.equal({ words: ['austin'], in_place_total: 0, includes_elsewhere: true });
    expect(nameOf.get((res.body.jobs as { id: string }[])[0].id)).to.equal('softwareEngineer');
  });
});

describe('search relevance (an NHS pay band)', () => {
  const job = (name: string, title: string, description: string) => namedJob(name, { title, description, location: 'Leeds' });
  const ranked = searchesCorpus([
    // No job has the band and the role, so those with two of the three words are let in: the
    // band's, and the role's at another band. Rarer than "band", "8b" in a title outweighed the role in a title.
    job('psychologist', 'Band 8b Principal Clinical Psychologist', 'Lead psychology on the ward.'),
    job('pharmacist', 'Principal Pharmacist', 'A Band 8a post leading the medicines team.'),
    // "band" and "7" apart: another band, and "7 days".
    job('band5Nurse', 'Nurse', 'A Band 5 post on a ward open 7 days a week.'),
    job('band7Nurse', 'Nurse Specialist', 'A Band 7 post in the respiratory team.'),
    job('band7TitledNurse', 'Band 7 Nurse Specialist', 'Lead the respiratory team.'),
    ...Array.from({ length: 80 }, (_, i) => job(`careAssistant${i}`, 'Care Assistant', 'Caring for residents.')),
  ]);

  it('ranks the role named above the band in the title of another role, when it lets in jobs missing a word', async () => {
    expect(await ranked('band 8b principal pharmacist')).to.deep.equal(['pharmacist', 'psychologist']);
  });

  it('asks for the band as its words together, and ranks a title that states it first', async () => {
    // Two jobs have the band: too few, so the nurses of other bands follow them (relaxed).
    expect(await ranked('band 7 nurse')).to.deep.equal(['band7TitledNurse', 'band7Nurse', 'band5Nurse']);
  });
});

describe('search relevance (an internship)', () => {
  const job = (name: string, title: string, description: string, type: 'full_time' | 'internship') =>
    namedJob(name, { title, description, type, experience: null });
  const ranked = searchesCorpus([
    // As rare in titles as on the real postings, the field in a title outscored the level and type of an internship.
    job('mlEngineer', 'Machine Learning Engineer', 'Build and ship models.', 'full_time'),
    job('researchIntern', 'Research Intern', 'Apply machine learning to our advertising over the summer.', 'internship'),
    ...Array.from({ length: 300 }, (_, i) => job(`analyst${i}`, 'Business Analyst', 'Gather requirements.', 'full_time')),
  ]);

  it('ranks the internships first, above the role in the title of jobs that are not', async () => {
    expect(await ranked('machine learning internship')).to.deep.equal(['researchIntern', 'mlEngineer']);
  });
});

describe('search relevance (an abbreviation the postings spell out)', () => {
  const ranked = searchesCorpus([
    ...[0, 1, 2].map((i) =>
      titledJob(`pmvaWorker${i}`, 'Support Worker', 'Trained in the Prevention and Management of Violence and Aggression (PMVA).'),
    ),
    // Its posting never says "PMVA": the words it stands for, which three others spell out, find it.
    titledJob('pmvaTrainer', 'Prevention and Management of Violence and Aggression Trainer', 'Train our ward staff.'),
    titledJob('wardTrainer', 'Ward Trainer', 'Train staff on the ward.'),
    ...porters(80),
  ]);

  it('finds the job of the words the abbreviation stands for, above the jobs that have one word', async () => {
    expect((await ranked('pmva trainer'))[0]).to.equal('pmvaTrainer');
  });
});

describe('search relevance (an abbreviation of a job title, spelled out in the posting)', () => {
  const ranked = searchesCorpus([
    // No posting says "AR": without the words it stands for, the plain "Clerk" titles came first.
    titledJob('receivableClerk', 'Accounts Receivable Clerk', 'Chase unpaid invoices and post receipts.'),
    ...Array.from({ length: 5 }, (_, i) => titledJob(`clerk${i}`, 'Clerk', 'File records for the ward.')),
    ...porters(40),
  ]);

  it('finds the job whose title spells the abbreviation out first', async () => {
    expect((await ranked('ar clerk'))[0]).to.equal('receivableClerk');
  });
});

describe("search relevance (a field that titles name, before the job's noun)", () => {
  const ranked = searchesCorpus([
    // "neurophysiology" names roles (titles have it), but far more rarely than "technician": no
    // job has both, and the physiologists who work in neurophysiology came after every IT technician.
    ...[0, 1].map((i) =>
      titledJob(`physiologist${i}`, 'Clinical Physiologist', 'Neurophysiology service: EEG and nerve conduction studies.'),
    ),
    ...[0, 1, 2].map((i) => titledJob(`consultant${i}`, 'Consultant in Neurophysiology', 'Lead our neurophysiology department.')),
    ...Array.from({ length: 60 }, (_, i) => titledJob(`itTechnician${i}`, 'IT Technician', 'Fix laptops and printers.')),
    ...porters(85),
  ]);

  it('ranks the jobs of the field above the jobs that share only the noun', async () => {
    const order = await ranked('neurophysiology technician');
    const firstTechnician = order.findIndex((name) => name.startsWith('itTechnician'));
    expect(order.slice(0, 5)).to.have.members(['physiologist0', 'physiologist1', 'consultant0', 'consultant1', 'consultant2']);
    expect(firstTechnician).to.equal(5);
  });
});

describe('search relevance (a word of a longer place name)', () => {
  const job = (name: string, title: string, location: string, description: string) => namedJob(name, { title, location, description });
  const ranked = searchesCorpus([
    // Three job locations and no title hold "cook": read as a place, it sent "bank cook" to the
    // bank jobs at the James Cook University Hospital and left the cooks behind them.
    ...[0, 1, 2].map((i) => job(`bankNurse${i}`, 'Bank Nurse', 'The James Cook University Hospital, Middlesbrough', 'Shifts on our bank.')),
    job('bankCook', 'Assistant Cook (Bank)', 'Liverpool', 'Cook meals for our patients and families.'),
    job('cook', 'Cook', 'Grimsby', 'Prepare and cook meals; bank holidays paid.'),
  ]);

  it('reads the word as a word, not the place, when the query lacks the rest of its name', async () => {
    expect((await ranked('bank cook')).slice(0, 2)).to.have.members(['bankCook', 'cook']);
  });
});
