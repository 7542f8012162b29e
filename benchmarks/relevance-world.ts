/**
 * The relevance benchmark's world, `jla_bench_relevance`: the real postings (a data set kept
 * outside this repository, never copied into it; JLA_REAL_POSTINGS names its file) loaded through the product's
 * own import path (`npm run import` as its own process): each company becomes an organization,
 * each published location a location, and every posting a job creation request. The world is
 * kept between runs and built again only when the index definition or the data file changed.
 * Judgments name postings by source and source id; a job is traced back to its posting by the
 * body the import was given (title, organization, description), which the data's README says is
 * unique.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import zlib from 'node:zlib';
import { Type } from '@sinclair/typebox';
import type { ImportSummary } from '../services/write';
import { loadEnv } from '../shared/config';
import type { JobTypeValue } from '../shared/schemas/common';
import { indexMappings, indexSettings } from '../shared/search/index-definition';
import { createBenchWorld, openBenchWorld, type BenchWorld } from './bench-database';
import { runImport } from './lib/run-import';

export const RELEVANCE_WORLD = 'jla_bench_relevance';
/** The data file: JLA_REAL_POSTINGS, else where the project's own machines keep it, beside the clone. */
export const POSTINGS_FILE = path.resolve(
  loadEnv(Type.Object({ JLA_REAL_POSTINGS: Type.Optional(Type.String({ description: "the real postings' file (postings.jsonl.gz)" })) }))
    .JLA_REAL_POSTINGS ?? path.join(__dirname, '../../shared/data/real-postings/postings.jsonl.gz'),
);
const BUILD_TABLE = 'bench_relevance_build';

/** One line of postings.jsonl.gz (see its README). */
export interface RealPosting {
  source: string;
  source_id: string;
  title: string;
  company: string | null;
  location: string | null;
  city: string | null;
  employment_type: string | null;
  salary: string | null;
  seniority: string | null;
  description: string | null;
}

/** The key judgments use for a posting: stable across rebuilds, unlike job ids. */
export const postingKey = (p: Pick<RealPosting, 'source' | 'source_id'>): string => `${p.source}:${p.source_id}`;

/** The published employment types as the spec's job types (spec 2.5 has no "temporary": a fixed term is a contract). */
const JOB_TYPES: Record<string, JobTypeValue> = {
  full_time: 'full_time',
  part_time: 'part_time',
  contract: 'contract',
  temporary: 'contract',
  internship: 'internship',
  volunteer: 'volunteer',
};
export function jobTypeOf(employmentType: string | null): JobTypeValue {
  return JOB_TYPES[(employmentType ?? '').toLowerCase().replace('-', '_')] ?? 'full_time';
}

/** Names for what a source leaves out (Dice names neither employer nor place). */
const NO_COMPANY = 'Employer not named';
const NO_LOCATION = 'Location not given';
const NO_SALARY = 'Not stated';

const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max).trim() : text);
/** The organization and location names of a posting (the tables hold names of up to 200 characters). */
const orgName = (p: RealPosting) => cut(p.company?.trim() || NO_COMPANY, 200);
const placeName = (p: RealPosting) => cut(p.location?.trim() || NO_LOCATION, 200);

/** The job creation body of a posting, without its organization and location ids. */
export function jobBodyOf(p: RealPosting): {
  title: string;
  description?: string;
  type: JobTypeValue;
  salary: string;
  experience?: string;
} {
  const description = p.description?.trim() ? cut(p.description.trim(), 50_000) : undefined;
  return {
    title: cut(p.title.trim(), 200),
    ...(description ? { description } : {}),
    type: jobTypeOf(p.employment_type),
    salary: cut(p.salary?.trim() || NO_SALARY, 100),
    ...(p.seniority?.trim() ? { experience: p.seniority.trim() } : {}),
  };
}

/** What identifies a job's posting: its title, organization and description as imported. */
const bodyKey = (title: string, organizationId: string, description: string | null | undefined) =>
  createHash('sha1')
    .update(`${title}\u0000${organizationId}\u0000${description ?? ''}`)
    .digest('hex');

/** Reads every posting of the data file. */
export async function readPostings(file = POSTINGS_FILE): Promise<RealPosting[]> {
  const lines = readline.createInterface({ input: createReadStream(file).pipe(zlib.createGunzip()), crlfDelay: Infinity });
  const postings: RealPosting[] = [];
  for await (const line of lines) if (line.trim()) postings.push(JSON.parse(line) as RealPosting);
  return postings;
}

/** The world ready to judge: the postings by key, and the posting key of every job id. */
export interface RelevanceWorld {
  world: BenchWorld;
  postings: Map<string, RealPosting>;
  keyOfJob: Map<string, string>;
  reused: boolean;
}

const fingerprint = async (file: string) => {
  const { size, mtimeMs } = await stat(file);
  return createHash('sha256').update(JSON.stringify({ indexSettings, indexMappings, size, mtimeMs })).digest('hex').slice(0, 16);
};

async function recordedFingerprint(world: BenchWorld): Promise<string | undefined> {
  const [{ table }] = await world.db.query<{ table: string | null }>('SELECT to_regclass($1)::text AS table', [BUILD_TABLE]);
  if (!table) return undefined;
  const [row] = await world.db.query<{ fingerprint: string }>(`SELECT fingerprint FROM ${BUILD_TABLE}`);
  return row?.fingerprint;
}

/** Organizations and locations of the postings, made the way an operator would, and the recruiter made a member. */
async function createPlaces(
  world: BenchWorld,
  postings: readonly RealPosting[],
): Promise<{ orgs: Map<string, string>; places: Map<string, string> }> {
  const companies = [...new Set(postings.map(orgName))];
  const locations = [...new Map(postings.map((p) => [placeName(p), p.city?.trim() ? cut(p.city.trim(), 100) : null])).entries()];
  const orgRows = await world.db.query<{ id: string; name: string }>(
    'INSERT INTO organizations (name) SELECT unnest($1::text[]) RETURNING id, name',
    [companies],
  );
  const placeRows = await world.db.query<{ id: string; name: string }>(
    `INSERT INTO locations (name, city, workplace_type, is_remote)
       SELECT name, city, CASE WHEN name ~* 'remote' THEN 'remote' ELSE 'onsite' END, name ~* 'remote'
         FROM unnest($1::text[], $2::text[]) AS l(name, city) RETURNING id, name`,
    [locations.map(([name]) => name), locations.map(([, city]) => city)],
  );
  await world.db.query('INSERT INTO organization_memberships (user_id, organization_id) SELECT $1, unnest($2::uuid[])', [
    world.recruiter.id,
    orgRows.map((o) => o.id),
  ]);
  return { orgs: new Map(orgRows.map((o) => [o.name, o.id])), places: new Map(placeRows.map((l) => [l.name, l.id])) };
}

/** Imports the file through the product's import path; some rejected lines are expected of real postings. */
async function importFile(world: BenchWorld, file: string): Promise<ImportSummary> {
  const { code, summary, stdout } = await runImport(world, file);
  if ((code !== 0 && code !== 1) || !summary) throw new Error(`npm run import exited with ${code}: ${stdout.slice(0, 2000)}`);
  return summary;
}

async function build(postings: readonly RealPosting[], print: (message: string) => void): Promise<BenchWorld> {
  const world = await createBenchWorld(RELEVANCE_WORLD, { organizations: 0, locations: 0 });
  world.keepOnInterrupt();
  const { orgs, places } = await createPlaces(world, postings);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'jla-relevance-'));
  try {
    const file = path.join(dir, 'postings.ndjson');
    const lines = postings.map((p) =>
      JSON.stringify({ ...jobBodyOf(p), organization_id: orgs.get(orgName(p)), location_id: places.get(placeName(p)) }),
    );
    await writeFile(file, lines.join('\n') + '\n');
    print(`relevance: importing ${postings.length} real postings with npm run import`);
    const summary = await importFile(world, file);
    print(
      `relevance: imported ${summary.accepted}, rejected ${summary.rejected.length}${summary.rejected[0] ? ` (e.g. ${JSON.stringify(summary.rejected[0])})` : ''}`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  await world.search.indices.refresh({ index: world.config.indexAlias });
  // One segment: jobs of equal score then come in the same order on every run (a merge in the
  // background reorders them, and brings unjudged ties into a top 10).
  await world.search.indices.forcemerge({ index: world.config.indexAlias, max_num_segments: 1 });
  return world;
}

/** Every job's posting key, traced through the body it was imported with. */
async function keysOfJobs(world: BenchWorld, postings: readonly RealPosting[]): Promise<Map<string, string>> {
  const orgIds = new Map(
    (await world.db.query<{ id: string; name: string }>('SELECT id, name FROM organizations')).map((o) => [o.name, o.id]),
  );
  const byBody = new Map(
    postings.map((p) => {
      const body = jobBodyOf(p);
      return [bodyKey(body.title, orgIds.get(orgName(p)) ?? '', body.description), postingKey(p)];
    }),
  );
  const jobs = await world.db.query<{ id: string; title: string; organization_id: string; description: string | null }>(
    'SELECT id, title, organization_id, description FROM jobs',
  );
  return new Map(
    jobs.flatMap((j) => {
      const key = byBody.get(bodyKey(j.title, j.organization_id, j.description));
      return key ? [[j.id, key] as const] : [];
    }),
  );
}

/**
 * True when this cluster's alias holds every job of the world's database: the database outlives
 * a node (another ES_PORT, a node's data wiped), and a world without its index cannot be reused.
 */
async function indexHoldsEveryJob(world: BenchWorld): Promise<boolean> {
  const [{ count }] = await world.db.query<{ count: string }>('SELECT count(*) FROM jobs');
  const indexed = await world.search.count({ index: world.config.indexAlias }, { ignore: [404] });
  return indexed.count === Number(count);
}

/** Opens the world an earlier run built when it still fits the data, the index definition and the cluster, else builds it. */
export async function relevanceWorld(print: (message: string) => void): Promise<RelevanceWorld> {
  const postings = await readPostings();
  const wanted = await fingerprint(POSTINGS_FILE);
  let world = await openBenchWorld(RELEVANCE_WORLD);
  let reused = false;
  if (world && (await recordedFingerprint(world)) === wanted && (await indexHoldsEveryJob(world))) reused = true;
  else {
    if (world) {
      print('relevance: the index definition, the data or the cluster changed since the world was built; building it again');
      await world.teardown(true);
    }
    world = await build(postings, print);
    await world.db.query(`CREATE TABLE ${BUILD_TABLE} (fingerprint text NOT NULL)`);
    await world.db.query(`INSERT INTO ${BUILD_TABLE} VALUES ($1)`, [wanted]);
  }
  const keyOfJob = await keysOfJobs(world, postings);
  return { world, postings: new Map(postings.map((p) => [postingKey(p), p])), keyOfJob, reused };
}
