import { expect } from 'chai';
import { createWriteApp } from '../../services/write';
import { resetDatabase, testConfig, testDb, testLogger, testSearch } from '../../test/support/context';
import { createJob, createLocation, createOrganization } from '../../test/support/factories';
import { httpClient } from '../../test/support/http';
import { commandNames } from './run';
import { runCliProcess as cli } from '../../test/support/cli-harness';

/**
 * The CLI as operators and scripts run it: separate processes, exit codes, stdout and stderr.
 * Kept to a few runs (each starts Node); cli.test.ts covers the cases in detail.
 */
describe('operator CLI as a process (npm run cli)', function () {
  this.timeout(60_000);

  beforeEach(resetDatabase);

  it('npm run cli -- --help lists every command and the exit codes, with exit 0', async () => {
    const run = await cli(['--help'], { viaNpm: true });
    expect(run.code).to.equal(0);
    for (const name of commandNames()) expect(run.stdout).to.include(`  ${name} `);
    expect(run.stdout).to.include('Exit codes:');
  });

  it('exits 2 on usage errors and 1 when the database does not answer, with the message on stderr', async () => {
    const [none, unknown, down] = await Promise.all([
      cli([]),
      cli(['keys:craete']),
      cli(['users:list'], { env: { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere' } }),
    ]);
    expect(none).to.include({ code: 2, stdout: '' });
    expect(none.stderr).to.include('Usage: npm run cli -- <command>');
    expect(unknown).to.deep.equal({
      code: 2,
      stdout: '',
      stderr: 'error: Unknown command "keys:craete". Did you mean "keys:create"?\nhint: Run npm run cli -- --help for the commands.\n',
    });
    expect(down).to.deep.equal({
      code: 1,
      stdout: '',
      stderr: 'error: PostgreSQL does not answer at postgres://postgres@127.0.0.1:1/nowhere.\nhint: Start it, or set DATABASE_URL.\n',
    });
  });

  it('runs an operator flow: user, resume from stdin, key that applies, revoke that takes effect at once', async () => {
    const org = await createOrganization();
    const location = await createLocation();
    const [job, job2] = [
      await createJob({ organization_id: org.id, location_id: location.id }),
      await createJob({ organization_id: org.id, location_id: location.id }),
    ];

    const user = await cli(['users:create', '--name', 'Ada Lovelace', '--email', 'ada@example.com', '--json']);
    expect(user).to.include({ code: 0, stderr: '' });
    const userId = JSON.parse(user.stdout).id;
    const [duplicate, noOrg] = await Promise.all([
      cli(['users:create', '--name', 'Ada', '--email', 'ADA@example.com']),
      cli(['memberships:add', 'ada@example.com', '00000000-0000-4000-8000-000000000000', '--json']),
    ]);
    expect(duplicate).to.include({ code: 4, stdout: '' });
    expect(noOrg).to.include({ code: 3, stdout: '' });
    expect(JSON.parse(noOrg.stderr).error.code).to.equal('not_found');

    const resume = await cli(['resumes:add', 'ada@example.com', '--title', 'CV', '--file', '-', '--activate'], {
      input: 'Analytical engines.',
    });
    expect(resume.code).to.equal(0);
    const created = await cli(['keys:create', userId, '--json']);
    expect(created).to.include({ code: 0, stderr: '' });
    const { key, prefix } = JSON.parse(created.stdout);

    const app = httpClient(createWriteApp({ config: testConfig(), db: testDb(), search: testSearch(), logger: testLogger }).app);
    await app.post(`/agents/jobs/${job.id}/apply`).set('x-api-key', key).expect(201);
    const revoked = await cli(['keys:revoke', prefix]);
    expect(revoked).to.include({ code: 0, stderr: '' });
    const refused = await app.post(`/agents/jobs/${job2.id}/apply`).set('x-api-key', key).expect(401);
    expect(refused.body.message).to.equal('The API key has been revoked.');

    const listed = await cli(['keys:list', '--all']);
    expect(listed.code).to.equal(0);
    expect(listed.stdout).to.include(prefix).and.include('revoked').and.not.include(key.slice(4));
  });
});
