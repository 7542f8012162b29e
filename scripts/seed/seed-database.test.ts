import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import type { Context } from 'koa';
import { Client } from 'pg';
import { authenticate } from '../../services/write';
import { resetDatabase, testDb } from '../../test/support/context';
import { createOrganization } from '../../test/support/factories';
import { TEST_DB_NAME, TEST_PG_ADMIN_URL } from '../../test/support/env';
import { hashApiKey } from '../../shared/auth/api-key';
import { loadConfig } from '../../shared/config';
import { Database } from '../../shared/db/database';
import { generateSeedData } from './generate';
import { createApiKey } from '../../services/write';
import type { DemoKeys } from './demo-keys';
import { renewDemoKeys, seedDatabase, seedSummary, type SeedSummary } from './seed-database';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');

async function count(table: string, where = 'true'): Promise<number> {
  const [row] = await testDb().query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`);
  return row.n;
}

/** What the write service's authentication makes of a key: the user's email, or the error code. */
async function whoIs(key: string): Promise<string> {
  // Stays: authenticate takes a whole Koa Context and reads only get() and state, all this stand-in has.
  const ctx = { get: (name: string) => (name === 'x-api-key' ? key : ''), state: {} } as unknown as Context;
  try {
    const caller = await authenticate(ctx, testDb());
    const [user] = await testDb().query<{ email: string }>('SELECT email FROM users WHERE id = $1', [caller.userId]);
    return user.email;
  } catch (err) {
    return (err as { code: string }).code;
  }
}

describe('seedDatabase (against Postgres)', () => {
  let elapsedMs: number;
  let summary: SeedSummary;

  before(async function () {
    this.timeout(60_000);
    await resetDatabase();
    const started = Date.now();
    const result = await seedDatabase(testDb());
    elapsedMs = Date.now() - started;
    if (!result.seeded) throw new Error('expected the empty database to be seeded');
    summary = await seedSummary(testDb(), 'http://localhost:3000', result.keys);
  });

  after(() => resetDatabase());

  it('fills an empty database with the demo data in one fast transaction', async () => {
    expect(elapsedMs).to.be.below(5000);
    expect(await count('organizations')).to.equal(30);
    expect(await count('locations')).to.equal(48);
    expect(await count('jobs')).to.equal(2000);
    expect(await count('jobs', 'NOT is_active')).to.be.above(0);
    expect(await count('jobs', 'closing_date < current_date')).to.be.above(0);
    expect(await count('projects')).to.be.at.least(30);
    expect(await count('users')).to.equal(3);
  });

  it('writes exactly the rows the generator makes (same ids, arrays and dates)', async () => {
    const expected = generateSeedData();
    const rows = await testDb().query<{ id: string; skills: string[]; closing_date: string | null; created_at: Date }>(
      `SELECT id, skills, to_char(closing_date, 'YYYY-MM-DD') AS closing_date, created_at FROM jobs`,
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const job of expected.jobs) {
      const row = byId.get(job.id)!;
      expect(row, job.id).to.not.equal(undefined);
      expect(row.skills).to.deep.equal(job.skills);
      expect(row.closing_date).to.equal(job.closing_date);
      expect(row.created_at.toISOString()).to.equal(job.created_at);
    }
  });

  it('queues every job for the indexer: one outbox row at version 1 per job', async () => {
    expect(await count('job_index_outbox')).to.equal(2000);
    expect(await count('job_index_outbox o JOIN jobs j ON j.id = o.job_id', 'o.job_version = 1 AND j.version = 1')).to.equal(2000);
    const [{ n }] = await testDb().query<{ n: number }>('SELECT count(DISTINCT job_id)::int AS n FROM job_index_outbox');
    expect(n).to.equal(2000);
  });

  it('makes the recruiter a member of every organization and the creator of every job', async () => {
    const [recruiter] = await testDb().query<{ id: string; is_recruiter: boolean }>(
      `SELECT id, is_recruiter FROM users WHERE email = 'recruiter@demo.example'`,
    );
    expect(recruiter.is_recruiter).to.equal(true);
    expect(await count('organization_memberships', `user_id = '${recruiter.id}'`)).to.equal(30);
    expect(await count('jobs', `created_by = '${recruiter.id}'`)).to.equal(2000);
  });

  it('gives one applicant an active resume and the other none', async () => {
    expect(await count('resumes r JOIN users u ON u.id = r.user_id', `u.email = 'applicant@demo.example' AND r.is_active`)).to.equal(1);
    expect(await count('resumes r JOIN users u ON u.id = r.user_id', `u.email = 'applicant-without-resume@demo.example'`)).to.equal(0);
  });

  it('prints demo keys that authenticate as their users, while only hashes are stored', async () => {
    expect(await whoIs(summary.recruiter_key)).to.equal('recruiter@demo.example');
    expect(await whoIs(summary.applicant_key)).to.equal('applicant@demo.example');
    expect(await whoIs(summary.applicant_without_resume_key)).to.equal('applicant-without-resume@demo.example');
    const stored = JSON.stringify(await testDb().query('SELECT * FROM api_keys'));
    for (const key of [summary.recruiter_key, summary.applicant_key, summary.applicant_without_resume_key])
      expect(stored).to.not.include(key);
  });

  it('summarises every organization and location id, ordered by name', async () => {
    const orgs = await testDb().query<{ id: string }>('SELECT id FROM organizations ORDER BY lower(name), id');
    const locs = await testDb().query<{ id: string }>('SELECT id FROM locations ORDER BY lower(name), id');
    expect(summary).to.deep.equal({
      base_url: 'http://localhost:3000',
      recruiter_key: summary.recruiter_key,
      applicant_key: summary.applicant_key,
      applicant_without_resume_key: summary.applicant_without_resume_key,
      organization_ids: orgs.map((r) => r.id),
      location_ids: locs.map((r) => r.id),
    });
  });

  it('does nothing the second time', async () => {
    expect(await seedDatabase(testDb())).to.deep.equal({ seeded: false });
    expect(await count('jobs')).to.equal(2000);
    expect(await count('job_index_outbox')).to.equal(2000);
  });

  it('renewing keeps the data and gives fresh keys: two seeds give different keys and only the newest work', async () => {
    const operatorKey = await createApiKey(testDb(), 'applicant@demo.example', { name: 'made by an operator' });
    const keysOf = (s: DemoKeys) => [s.recruiter_key, s.applicant_key, s.applicant_without_resume_key];
    const emails = ['recruiter@demo.example', 'applicant@demo.example', 'applicant-without-resume@demo.example'];
    const second = (await renewDemoKeys(testDb()))!;
    const third = (await renewDemoKeys(testDb()))!;
    for (const key of [...keysOf(second), ...keysOf(third)]) expect(key).to.match(/^jla_[0-9A-Za-z]{40}$/);
    expect(new Set([...keysOf(summary), ...keysOf(second), ...keysOf(third)]).size, 'nine distinct keys').to.equal(9);
    for (const key of [...keysOf(summary), ...keysOf(second)]) expect(await whoIs(key)).to.equal('unauthenticated');
    expect(await Promise.all(keysOf(third).map(whoIs))).to.deep.equal(emails);
    expect(await whoIs(operatorKey.key), "a key an operator issued to a demo user is not the seed's to revoke").to.equal(
      'applicant@demo.example',
    );
    expect(await count('api_keys', 'revoked_at IS NULL')).to.equal(4);
    expect(await count('jobs')).to.equal(2000);
    expect(await count('users')).to.equal(3);
  });
});

describe('seedDatabase on a database that is not empty', () => {
  beforeEach(() => resetDatabase());
  after(() => resetDatabase());

  it('leaves data put there by someone else alone', async () => {
    await createOrganization({ name: 'Somebody Else Ltd' });
    expect(await seedDatabase(testDb())).to.deep.equal({ seeded: false });
    expect(await count('organizations')).to.equal(1);
    expect(await count('jobs')).to.equal(0);
    expect(await renewDemoKeys(testDb()), 'no demo users: no keys').to.equal(null);
    expect(await count('api_keys')).to.equal(0);
  });

  it('seeds once when two starts race', async function () {
    this.timeout(30_000);
    const results = await Promise.all([seedDatabase(testDb(), { jobCount: 50 }), seedDatabase(testDb(), { jobCount: 50 })]);
    expect(results.map((r) => r.seeded).sort()).to.deep.equal([false, true]);
    expect(await count('jobs')).to.equal(50);
  });
});

describe('npm run seed (the CLI, as a child process)', function () {
  this.timeout(120_000);
  const dbName = `${TEST_DB_NAME}_seed_cli`;
  const env = { ...process.env, DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${dbName}`, BASE_URL: 'http://localhost:4321' };
  const seed = (...args: string[]) => run(process.execPath, ['--import', 'tsx', 'scripts/seed/seed.ts', ...args], { cwd: ROOT, env });

  async function dropDatabase() {
    const admin = new Client({ connectionString: TEST_PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).finally(() => admin.end());
  }

  let first: { stdout: string; stderr: string };

  before(async () => {
    await dropDatabase();
    first = await seed('--json');
  });
  after(dropDatabase);

  it('creates and migrates a missing database, seeds it, and prints exactly one JSON object on stdout', () => {
    expect(first.stdout.trim().split('\n')).to.have.length(1);
    const summary = JSON.parse(first.stdout) as SeedSummary;
    expect(Object.keys(summary)).to.deep.equal([
      'base_url',
      'recruiter_key',
      'applicant_key',
      'applicant_without_resume_key',
      'organization_ids',
      'location_ids',
    ]);
    expect(summary.base_url).to.equal('http://localhost:4321');
    expect(summary.organization_ids).to.have.length(30);
    expect(summary.location_ids).to.have.length(48);
    expect(summary.recruiter_key).to.match(/^jla_[0-9A-Za-z]{40}$/);
    expect(first.stderr).to.include('demo data seeded');
  });

  it('run again, keeps the data and prints fresh keys; only the newest keys open the API', async () => {
    const second = await seed('--json');
    const [before, after] = [JSON.parse(first.stdout), JSON.parse(second.stdout)] as SeedSummary[];
    expect(second.stderr).to.include('kept it, revoked the previous demo keys and issued new ones');
    expect({ ...after, recruiter_key: '', applicant_key: '', applicant_without_resume_key: '' }).to.deep.equal({
      ...before,
      recruiter_key: '',
      applicant_key: '',
      applicant_without_resume_key: '',
    });
    const db = new Database({ ...loadConfig(env) });
    try {
      const active = async (key: string) =>
        (await db.query('SELECT 1 FROM api_keys WHERE key_hash = $1 AND revoked_at IS NULL', [hashApiKey(key)])).length === 1;
      for (const field of ['recruiter_key', 'applicant_key', 'applicant_without_resume_key'] as const) {
        expect(after[field]).to.not.equal(before[field]);
        expect(await active(before[field]), `the first ${field} is revoked`).to.equal(false);
        expect(await active(after[field]), `the new ${field} works`).to.equal(true);
      }
    } finally {
      await db.close();
    }
  });

  it('prints a human summary without --json, and refuses unknown arguments', async () => {
    const { stdout } = await seed();
    expect(stdout).to.match(/^Base URL: +http:\/\/localhost:4321$/m);
    expect(stdout).to.match(/^Recruiter key: +jla_/m);
    expect(stdout).to.match(/^Organizations: +30 /m);
    const failed = await seed('--jsn').then(
      () => null,
      (err: { code: number; stdout: string; stderr: string }) => err,
    );
    expect(failed).to.include({ code: 1, stdout: '' });
    expect(failed!.stderr).to.include('unknown argument --jsn');
  });
});
