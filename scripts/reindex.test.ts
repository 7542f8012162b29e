import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { indicesBehindAlias } from '../shared/search/index-admin';
import { createReadApp } from '../services/read';
import { createWriteApp } from '../services/write';
import { indexAllJobs } from '../services/indexer';
import { reindex, ReindexError } from '../services/indexer';
import { resetDatabase, resetIndex, testConfig, testDb, testLogger, testSearch } from '../test/support/context';
import { createApiKey, createLocation, createOrganization, createUser } from '../test/support/factories';
import { httpClient } from '../test/support/http';

const run = promisify(execFile);
const config = testConfig();
const alias = config.indexAlias;
const deps = () => ({ db: testDb(), search: testSearch(), alias });

/** Every job id and version in Postgres, and every document id and version behind the alias. */
async function snapshot() {
  const rows = await testDb().query<{ id: string; version: string; title: string }>('SELECT id, version, title FROM jobs ORDER BY id');
  await testSearch().indices.refresh({ index: alias });
  const hits = await testSearch().search<{ title: string }>({
    index: alias,
    size: 10_000,
    version: true,
    query: { match_all: {} },
    sort: ['id'],
  });
  return {
    postgres: rows.map((r) => `${r.id}@${r.version}:${r.title}`),
    index: hits.hits.hits.map((h) => `${h._id}@${h._version}:${h._source!.title}`),
  };
}

describe('reindex', function () {
  this.timeout(120_000);
  let org: string;
  let loc: string;
  let key: string;

  beforeEach(async () => {
    await resetDatabase();
    const first = await resetIndex();
    org = (await createOrganization()).id;
    loc = (await createLocation()).id;
    const recruiter = await createUser({ is_recruiter: true, memberOf: [org] });
    key = (await createApiKey(recruiter.id)).key;
    await testDb().query(
      `INSERT INTO jobs (title, organization_id, location_id, type, salary, skills)
       SELECT 'Software Engineer ' || g, $1, $2, 'full_time', '1', ARRAY['TypeScript'] FROM generate_series(1, 1500) g`,
      [org, loc],
    );
    await indexAllJobs(testDb(), testSearch(), first);
  });

  it('builds a new index, swaps the alias to it and deletes the old one', async () => {
    const [old] = await indicesBehindAlias(testSearch(), alias);
    const progress: number[] = [];
    const result = await reindex(deps(), { pageSize: 500, graceMs: 0, onProgress: (p) => void progress.push(p.done) });
    expect(result.index).to.not.equal(old);
    expect(result.previous).to.deep.equal([old]);
    expect(result.copied).to.equal(1500);
    expect(progress).to.deep.equal([500, 1000, 1500]);
    expect(await indicesBehindAlias(testSearch(), alias)).to.deep.equal([result.index]);
    expect(await testSearch().indices.exists({ index: old })).to.equal(false);
    const { postgres, index } = await snapshot();
    expect(index).to.deep.equal(postgres);
  });

  it('loses no write made during the copy, and gives a reader looping over browse and search no error and no empty page', async () => {
    const read = httpClient(createReadApp({ config, search: testSearch(), logger: testLogger }).app);
    const write = httpClient(createWriteApp({ config, db: testDb(), search: testSearch(), logger: testLogger }).app);
    const problems: string[] = [];
    let reads = 0;
    let reading = true;
    const reader = (async () => {
      while (reading) {
        const [browse, search] = await Promise.all([
          read.get('/agents/jobs').query({ limit: 10 }),
          read.get('/agents/jobs/search').query({ q: 'software engineer', limit: 10 }),
        ]);
        for (const res of [browse, search]) {
          reads++;
          if (res.status !== 200) problems.push(`${res.status} ${JSON.stringify(res.body)}`);
          else if (res.body.jobs.length === 0 || res.body.pagination.total_items < 1500)
            problems.push(`short page: ${JSON.stringify(res.body.pagination)}`);
        }
      }
    })();

    const [{ id: copiedEarly }] = await testDb().query<{ id: string }>('SELECT id FROM jobs ORDER BY id LIMIT 1');
    let created: string[] = [];
    const result = await reindex(deps(), {
      pageSize: 100,
      graceMs: 1000,
      onProgress: async ({ done }) => {
        if (done !== 100) return;
        // The first page (with copiedEarly) is in the new index now. Change that job the way the
        // indexer would (commit, then write to the alias, which still names the old index) ...
        await testDb().query(`UPDATE jobs SET title = 'Software Engineer, renamed during the copy', version = version + 1 WHERE id = $1`, [
          copiedEarly,
        ]);
        const [row] = await testDb().query<{ version: string }>('SELECT version FROM jobs WHERE id = $1', [copiedEarly]);
        const old = await testSearch().get({ index: alias, id: copiedEarly });
        await testSearch().index({
          index: alias,
          id: copiedEarly,
          version: Number(row.version),
          version_type: 'external',
          document: { ...(old._source as object), title: 'Software Engineer, renamed during the copy' },
        });
        // ... and create jobs through the API, which index them at once into the old index too.
        const responses = await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            write
              .post('/agents/jobs')
              .set('x-api-key', key)
              .send({ title: `Created during the copy ${i}`, organization_id: org, location_id: loc, type: 'contract', salary: '1' }),
          ),
        );
        created = responses.map((r) => r.body.id);
      },
    });
    reading = false;
    await reader;

    expect(problems).to.deep.equal([]);
    expect(reads).to.be.greaterThan(4);
    expect(created).to.have.length(10);
    expect(result.caughtUp).to.be.at.least(11);
    const { postgres, index } = await snapshot();
    expect(postgres).to.have.length(1510);
    expect(index).to.deep.equal(postgres);
    expect(index).to.include(`${copiedEarly}@2:Software Engineer, renamed during the copy`);
  });

  it('deletes indices left behind by an interrupted reindex, and nothing else', async () => {
    const leftover = `${alias}_v00000000000000001`;
    const unrelated = `${alias}_v_kept`;
    await testSearch().indices.create({ index: leftover });
    await testSearch().indices.create({ index: unrelated });
    const steps: string[] = [];
    await reindex(deps(), { graceMs: 0, onStep: (m) => steps.push(m) });
    expect(steps[0]).to.equal(`deleted ${leftover}, left by an interrupted reindex`);
    expect(await testSearch().indices.exists({ index: leftover })).to.equal(false);
    expect(await testSearch().indices.exists({ index: unrelated })).to.equal(true);
    await testSearch().indices.delete({ index: unrelated });
  });

  it('lets only one reindex run at a time', async () => {
    const outcomes = await Promise.allSettled([reindex(deps(), { graceMs: 0 }), reindex(deps(), { graceMs: 0 })]);
    const rejected = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(rejected).to.have.length(1);
    expect(rejected[0].reason).to.be.instanceOf(ReindexError);
    expect(rejected[0].reason.message).to.equal('another reindex is running against this database; try again when it has finished');
    const { postgres, index } = await snapshot();
    expect(index).to.deep.equal(postgres);
  });

  it('runs as `npm run reindex`, with progress and steps on stderr and a summary on stdout', async () => {
    const root = path.resolve(__dirname, '..');
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/reindex.ts'], {
      cwd: root,
      env: process.env,
      timeout: 60_000,
    });
    expect(stdout).to.match(/^reindexed 1500 job\(s\) into \S+ in \d+\.\ds \(\d+ written meanwhile re-sent\)\n$/);
    expect(stderr).to.match(/\[reindex\] copying \[#+\] 100% 1,500\/1,500/);
    expect(stderr).to.match(/\[reindex\] alias "[^"]+" now points at \S+ \(was \S+\)/);
    expect(stderr).to.match(/\[reindex\] deleted \S+/);
  });

  it('exits 1 with one line, not a stack trace, when the configuration is bad', async () => {
    const root = path.resolve(__dirname, '..');
    const failed = await run(process.execPath, ['--import', 'tsx', 'scripts/reindex.ts'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: 'not a url' },
      timeout: 60_000,
    }).then(
      () => ({ code: 0, stderr: '' }),
      (e) => ({ code: e.code as number, stderr: e.stderr as string }),
    );
    expect(failed).to.deep.equal({ code: 1, stderr: '[reindex] failed: DATABASE_URL must be a URL, got "not a url"\n' });
  });
});
