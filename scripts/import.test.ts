import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { ActingUserError, resolveActingRecruiter } from '../services/write';
import { importJobs } from '../services/write';
import { resetDatabase, resetIndex, testConfig, testDb, testLogger, testSearch } from '../test/support/context';
import { createLocation, createOrganization, createProject, createUser } from '../test/support/factories';
import { waitFor } from '../test/support/wait';

const run = promisify(execFile);
const alias = testConfig().indexAlias;
const deps = () => ({ db: testDb(), search: testSearch(), alias, logger: testLogger });
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** Values as the async iterable importJobs reads (a file's lines), each pulled when asked for. */
function asyncOf<T>(values: Iterable<T>): AsyncIterable<T> {
  return {
    [Symbol.asyncIterator]() {
      const iterator = values[Symbol.iterator]();
      return { next: () => Promise.resolve(iterator.next()) };
    },
  };
}

const linesOf = (lines: string[]): AsyncIterable<string> => asyncOf(lines);

describe('bulk import', function () {
  this.timeout(60_000);
  let org: string;
  let otherOrg: string;
  let loc: string;
  let recruiter: { id: string; email: string };

  const job = (fields: Record<string, unknown> = {}) =>
    JSON.stringify({ title: 'Imported engineer', organization_id: org, location_id: loc, type: 'full_time', salary: '€1', ...fields });

  beforeEach(async () => {
    await resetDatabase();
    await resetIndex();
    org = (await createOrganization()).id;
    otherOrg = (await createOrganization()).id;
    loc = (await createLocation()).id;
    recruiter = await createUser({ is_recruiter: true, memberOf: [org] });
  });

  it('imports the good lines, reports each bad one with its number and reason, and never stops', async () => {
    const foreignProject = await createProject(otherOrg);
    const lines = [
      job({ title: 'First' }),
      '{"title": "broken',
      job({ title: '   ', salary: 5, surprise: true }),
      '',
      job({ title: 'Second', skills: [' Go '] }),
      job({ organization_id: UNKNOWN }),
      job({ organization_id: otherOrg }),
      job({ location_id: UNKNOWN }),
      job({ project_id: foreignProject.id }),
      '[1, 2]',
      job({ title: 'Third' }),
    ];
    const progress: number[] = [];
    const summary = await importJobs(deps(), linesOf(lines), {
      userId: recruiter.id,
      batchSize: 3,
      onProgress: (p) => progress.push(p.accepted),
    });
    expect(summary.lines).to.equal(11);
    expect(summary.accepted).to.equal(3);
    expect(summary.blank).to.equal(1);
    expect(summary.indexedNow).to.equal(3);
    expect(summary.rejected.map((r) => [r.line, r.code])).to.deep.equal([
      [2, 'invalid_request'],
      [3, 'invalid_request'],
      [6, 'unknown_organization'],
      [7, 'forbidden'],
      [8, 'unknown_location'],
      [9, 'unknown_project'],
      [10, 'invalid_request'],
    ]);
    expect(summary.rejected[0].message).to.match(/^The line is not valid JSON \(.+\)\.$/);
    expect(summary.rejected[1]).to.deep.equal({
      line: 3,
      code: 'invalid_request',
      message: 'The request body is invalid: title is required; surprise is not a known field; salary must be a string.',
      details: [
        { field: 'title', message: 'is required' },
        { field: 'surprise', message: 'is not a known field' },
        { field: 'salary', message: 'must be a string' },
      ],
    });
    expect(summary.rejected[3]).to.deep.equal({
      line: 7,
      code: 'forbidden',
      message: `The owner of this API key is not a member of organization "${otherOrg}".`,
    });
    expect(summary.rejected[6].message).to.equal('The request body must be a JSON object.');
    expect(progress[progress.length - 1]).to.equal(3);

    const rows = await testDb().query<{ title: string; skills: string[]; created_by: string }>(
      'SELECT title, skills, created_by FROM jobs ORDER BY created_at, title',
    );
    expect(rows.map((r) => r.title).sort()).to.deep.equal(['First', 'Second', 'Third']);
    expect(rows.every((r) => r.created_by === recruiter.id)).to.equal(true);
    expect(rows.find((r) => r.title === 'Second')!.skills).to.deep.equal(['Go']);
    expect(await testDb().query('SELECT * FROM job_index_outbox')).to.deep.equal([]);
    await testSearch().indices.refresh({ index: alias });
    expect((await testSearch().count({ index: alias })).count).to.equal(3);
  });

  it('isolates a line the database refuses, keeping the rest of its batch', async () => {
    await testDb().query(`ALTER TABLE jobs ADD CONSTRAINT import_test_refused CHECK (title <> 'Refused by the database')`);
    try {
      const lines = [job({ title: 'Kept 1' }), job({ title: 'Refused by the database' }), job({ title: 'Kept 2' })];
      const summary = await importJobs(deps(), linesOf(lines), { userId: recruiter.id, batchSize: 10 });
      expect(summary.accepted).to.equal(2);
      expect(summary.rejected).to.deep.equal([
        { line: 2, code: 'invalid_request', message: 'The job was refused by the database (constraint import_test_refused).' },
      ]);
      const titles = await testDb().query<{ title: string }>('SELECT title FROM jobs ORDER BY title');
      expect(titles.map((t) => t.title)).to.deep.equal(['Kept 1', 'Kept 2']);
      expect((await testDb().query('SELECT count(*)::int AS n FROM job_index_outbox'))[0].n).to.equal(0);
    } finally {
      await testDb().query('ALTER TABLE jobs DROP CONSTRAINT import_test_refused');
    }
  });

  it('rejects a line with a NUL character (U+0000) in its batch instead of stopping the import', async () => {
    const lines = [job({ title: 'Kept 1' }), job({ description: 'nul \u0000 here' }), job({ title: 'Kept 2' })];
    const summary = await importJobs(deps(), linesOf(lines), { userId: recruiter.id, batchSize: 10 });
    expect(summary.accepted).to.equal(2);
    expect(summary.rejected).to.deep.equal([
      { line: 2, code: 'invalid_request', message: 'The job contains a NUL character (U+0000), which cannot be stored.' },
    ]);
  });

  it('resumes from a given line', async () => {
    const summary = await importJobs(deps(), linesOf([job({ title: 'Skipped' }), 'not json', job({ title: 'Taken' })]), {
      userId: recruiter.id,
      fromLine: 3,
    });
    expect([summary.lines, summary.accepted, summary.rejected.length]).to.deep.equal([3, 1, 0]);
    expect(await testDb().query('SELECT title FROM jobs')).to.deep.equal([{ title: 'Taken' }]);
  });

  it('stops reading when its signal is aborted, writes what it read, and says where to resume; resuming completes the file once', async () => {
    const stop = new AbortController();
    const lines = Array.from({ length: 10 }, (_, i) => job({ title: `Job ${i + 1}` }));
    function* abortingBeforeLine6() {
      for (const [i, line] of lines.entries()) {
        if (i === 5) stop.abort();
        yield line;
      }
    }
    const first = await importJobs(deps(), asyncOf(abortingBeforeLine6()), { userId: recruiter.id, batchSize: 3, signal: stop.signal });
    expect([first.lines, first.accepted, first.indexedNow, first.resumeFromLine]).to.deep.equal([5, 5, 5, 6]);
    const rest = await importJobs(deps(), linesOf(lines), { userId: recruiter.id, batchSize: 3, fromLine: first.resumeFromLine });
    expect([rest.accepted, rest.resumeFromLine]).to.deep.equal([5, undefined]);
    const titles = await testDb().query<{ title: string }>('SELECT title FROM jobs');
    expect(titles.map((t) => t.title).sort()).to.deep.equal(lines.map((_, i) => `Job ${i + 1}`).sort());
  });

  it('leaves jobs it could not index to the indexer (Elasticsearch down): nothing is lost', async () => {
    const { createSearchClient } = await import('../shared/search/client');
    const dead = createSearchClient({ elasticsearchUrl: 'http://127.0.0.1:9', esRequestTimeoutMs: 500 });
    try {
      const summary = await importJobs({ ...deps(), search: dead }, linesOf([job(), job()]), { userId: recruiter.id });
      expect([summary.accepted, summary.indexedNow]).to.deep.equal([2, 0]);
      expect((await testDb().query('SELECT count(*)::int AS n FROM job_index_outbox'))[0].n).to.equal(2);
    } finally {
      await dead.close();
    }
  });

  it('acts as a recruiter found by id or by email (any case), and refuses anyone else', async () => {
    expect((await resolveActingRecruiter(testDb(), recruiter.id)).id).to.equal(recruiter.id);
    expect((await resolveActingRecruiter(testDb(), recruiter.email.toUpperCase())).id).to.equal(recruiter.id);
    const candidate = await createUser({ is_recruiter: false, email: 'candidate@example.com' });
    const refusal = (ref: string) =>
      resolveActingRecruiter(testDb(), ref).then(
        () => 'accepted',
        (e: Error) => `${e instanceof ActingUserError}: ${e.message}`,
      );
    expect(await refusal('candidate@example.com')).to.equal(
      'true: user "candidate@example.com" is not a recruiter (only recruiters create jobs)',
    );
    expect(await refusal(candidate.id)).to.equal(`true: user "${candidate.id}" is not a recruiter (only recruiters create jobs)`);
    expect(await refusal('nobody@example.com')).to.equal('true: no user with email "nobody@example.com"');
    expect(await refusal(UNKNOWN)).to.equal(`true: no user with id "${UNKNOWN}"`);
  });

  describe('npm run import', () => {
    let dir: string;
    const root = path.resolve(__dirname, '..');
    const cli = (args: string[]) =>
      run(process.execPath, ['--import', 'tsx', 'scripts/import.ts', ...args], { cwd: root, env: process.env, timeout: 60_000 }).then(
        (r) => ({ code: 0, ...r }),
        (e) => ({ code: e.code as number, stdout: e.stdout as string, stderr: e.stderr as string }),
      );

    before(async () => {
      dir = await mkdtemp(path.join(os.tmpdir(), 'jla-import-'));
    });
    after(async () => {
      await rm(dir, { recursive: true, force: true });
    });

    it('imports a file as the recruiter given by email, prints progress and a summary, and exits 1 when lines were rejected', async () => {
      const file = path.join(dir, 'jobs.ndjson');
      await writeFile(file, [job({ title: 'A' }), job({ title: 'B' }), job({ type: 'permanent' })].join('\n') + '\n');
      const { code, stdout, stderr } = await cli([file, '--as', recruiter.email.toUpperCase(), '--batch-size', '2']);
      expect(code, stderr).to.equal(1);
      expect(stdout).to.match(/^accepted 2 of 3 job\(s\) in \d+\.\ds \(\d+ jobs\/s\); rejected 1\n/);
      expect(stdout).to.contain(
        '  line 3: invalid_request: The request body is invalid: type must be one of: full_time, part_time, contract, internship, freelance, volunteer.\n',
      );
      expect(stderr).to.match(/\[import\] as .+ \[#+\] 100% 3\/3 .* accepted 2 {2}rejected 1/);
    });

    it('prints the summary as JSON with --json and exits 0 when every line was imported', async () => {
      const file = path.join(dir, 'ok.ndjson');
      await writeFile(file, job({ title: 'Only' }));
      const { code, stdout } = await cli([file, '--as', recruiter.id, '--json']);
      expect(code).to.equal(0);
      const summary = JSON.parse(stdout);
      expect([summary.lines, summary.accepted, summary.rejected]).to.deep.equal([1, 1, []]);
    });

    it('answers usage errors with exit 2, the message and the usage text', async () => {
      const file = path.join(dir, 'ok.ndjson');
      await writeFile(file, job());
      const candidate = await createUser({ is_recruiter: false });
      const cases: [string[], string][] = [
        [[file], '--as <recruiter user id or email> is required'],
        [[file, '--as', candidate.id], `--as: user "${candidate.id}" is not a recruiter (only recruiters create jobs)`],
        [[path.join(dir, 'missing.ndjson'), '--as', candidate.id], `cannot read "${path.join(dir, 'missing.ndjson')}"`],
        [
          [file, '--as', candidate.id, '--batch-size', '0'],
          "option '--batch-size <n>' argument '0' is invalid. It must be a whole number of at least 1.",
        ],
        [[file, file, '--as', candidate.id], 'too many arguments'],
        [[file, '--as', candidate.id, '--nope'], "unknown option '--nope'"],
      ];
      const runs = await Promise.all(cases.map(([args]) => cli(args)));
      for (const [i, [args, message]] of cases.entries()) {
        const { code, stderr } = runs[i];
        expect(code, args.join(' ')).to.equal(2);
        expect(stderr).to.contain(message);
        expect(stderr).to.contain('Usage: npm run import -- <file.ndjson> --as');
      }
      expect(await testDb().query('SELECT id FROM jobs')).to.deep.equal([]);
    });

    it('on Ctrl-C writes the lines read so far, says where to resume, and exits 3', async () => {
      const file = path.join(dir, 'long.ndjson');
      await writeFile(file, Array.from({ length: 20_000 }, (_, i) => job({ title: `Long ${i}` })).join('\n'));
      const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/import.ts', file, '--as', recruiter.id, '--batch-size', '100'], {
        cwd: path.resolve(__dirname, '..'),
        env: process.env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (d) => (stderr += d));
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      // An import that exits before its first batch (an error) ends the wait at once, with its stderr.
      const firstBatch = async () => {
        if ((await testDb().query('SELECT 1 FROM jobs LIMIT 1')).length > 0) return true;
        if (child.exitCode !== null) throw new Error(`the import exited with ${child.exitCode} before its first batch:\n${stderr}`);
        return false;
      };
      await waitFor(firstBatch, {
        what: () => `the import to commit its first batch; its stderr:\n${stderr}`,
        timeoutMs: 30_000,
        intervalMs: 20,
      });
      child.kill('SIGINT');
      expect(await exited, stderr).to.equal(3);
      const resume = Number(/\[import\] interrupted; resume with --from-line (\d+)\n/.exec(stderr)?.[1]);
      const [{ n }] = await testDb().query<{ n: number }>('SELECT count(*)::int AS n FROM jobs');
      expect(n).to.be.within(1, 19_999);
      expect(resume).to.equal(n + 1);
    });

    it('exits 3 with one line when it cannot start (bad configuration), not 1, which means "lines rejected"', async () => {
      const file = path.join(dir, 'ok.ndjson');
      await writeFile(file, job());
      const { code, stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/import.ts', file, '--as', recruiter.id], {
        cwd: path.resolve(__dirname, '..'),
        env: { ...process.env, DATABASE_URL: 'not a url' },
        timeout: 60_000,
      }).then(
        () => ({ code: 0, stdout: '', stderr: '' }),
        (e) => ({ code: e.code as number, stdout: e.stdout as string, stderr: e.stderr as string }),
      );
      expect({ code, stdout, stderr }).to.deep.equal({
        code: 3,
        stdout: '',
        stderr: '[import] failed: DATABASE_URL must be a URL, got "not a url"\n',
      });
    });
  });
});
