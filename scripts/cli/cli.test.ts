import { expect } from 'chai';
import { createHash, randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createWriteApp } from '../../services/write';
import { resetDatabase, testConfig, testDb, testLogger, testSearch } from '../../test/support/context';
import { createJob, createLocation, createOrganization, createUser } from '../../test/support/factories';
import { httpClient } from '../../test/support/http';
import { runCliInProcess as cli } from '../../test/support/cli-harness';
import { commandNames } from './run';

const json = (out: string) => JSON.parse(out);

/** The CLI's behaviour case by case, through its entry function; cli-process.test.ts runs it as processes. */
describe('operator CLI commands', () => {
  beforeEach(resetDatabase);

  describe('help and usage errors', () => {
    it('--help lists every command and the exit codes, and exits 0', async () => {
      for (const args of [['--help'], ['-h'], ['help']]) {
        const run = await cli(args);
        expect(run).to.include({ code: 0, stderr: '' });
        for (const name of commandNames()) expect(run.stdout).to.include(`  ${name} `);
        expect(run.stdout).to.include('Exit codes:');
        expect(run.stdout).to.match(/ 2 {2}usage error/);
        expect(run.stdout).to.match(/ 3 {2}not found/);
      }
    });

    it('shows the help of one command with exit 0', async () => {
      const run = await cli(['help', 'keys:create']);
      expect(run.stdout).to.equal((await cli(['keys:create', '--help'])).stdout);
      expect(run).to.include({ code: 0, stderr: '' });
      expect(run.stdout).to.include('Usage: npm run cli -- keys:create <user> [--name <label>] [--json]');
    });

    it('exits 2 with a clear message for no command, an unknown command, an unknown option, a missing argument', async () => {
      const [none, unknown, option, missing, extra, missingOption] = await Promise.all([
        cli([]),
        cli(['user:create']),
        cli(['users:list', '--bogus']),
        cli(['memberships:add', 'ada@example.com']),
        cli(['users:list', 'extra']),
        cli(['users:create', '--name', 'Ada']),
      ]);
      expect(none.code).to.equal(2);
      expect(none.stderr).to.include('Usage: npm run cli -- <command>');
      expect(unknown).to.include({ code: 2, stdout: '' });
      expect(unknown.stderr).to.equal(
        'error: Unknown command "user:create". Did you mean "users:create"?\nhint: Run npm run cli -- --help for the commands.\n',
      );
      expect(option.code).to.equal(2);
      expect(option.stderr).to.include("error: Unknown option '--bogus'");
      expect(missing.code).to.equal(2);
      expect(missing.stderr).to.include(
        'error: Missing <organization_id>.\nhint: Usage: npm run cli -- memberships:add <user> <organization_id>',
      );
      expect(extra.code).to.equal(2);
      expect(extra.stderr).to.include('error: Unexpected argument "extra".');
      expect(missingOption.code).to.equal(2);
      expect(missingOption.stderr).to.include('error: Missing --email <email>.');
    });

    it('exits 1 with the (password-free) URL when the database does not answer', async () => {
      const run = await cli(['users:list'], { env: { DATABASE_URL: 'postgres://postgres:secret@127.0.0.1:1/nowhere' } });
      expect(run.code).to.equal(1);
      expect(run.stderr).to.equal(
        'error: PostgreSQL does not answer at postgres://postgres:***@127.0.0.1:1/nowhere.\nhint: Start it, or set DATABASE_URL.\n',
      );
    });
  });

  describe('users', () => {
    it('creates users (a recruiter too) and lists them', async () => {
      const created = await cli(['users:create', '--name', 'Ada Lovelace', '--email', 'ada@example.com', '--headline', 'Engineer']);
      expect(created.code).to.equal(0);
      expect(created.stdout).to.match(/^Created user ada@example.com with id [0-9a-f-]{36}\.\n$/);
      const recruiter = await cli(['users:create', '--name', ' Rita ', '--email', 'rita@example.com', '--recruiter', '--json']);
      expect(recruiter.code).to.equal(0);
      const rita = json(recruiter.stdout);
      expect(rita).to.include({ name: 'Rita', email: 'rita@example.com', headline: null, is_recruiter: true, active_resume_id: null });
      const rows = await testDb().query(`SELECT name, email, headline, is_recruiter FROM users ORDER BY created_at`);
      expect(rows).to.deep.equal([
        { name: 'Ada Lovelace', email: 'ada@example.com', headline: 'Engineer', is_recruiter: false },
        { name: 'Rita', email: 'rita@example.com', headline: null, is_recruiter: true },
      ]);
      const [all, recruiters] = await Promise.all([cli(['users:list', '--json']), cli(['users:list', '--recruiters'])]);
      expect(json(all.stdout).map((u: { email: string }) => u.email)).to.deep.equal(['ada@example.com', 'rita@example.com']);
      expect(recruiters.stdout).to.include('rita@example.com').and.not.include('ada@example.com');
      expect(recruiters.stdout.split('\n')[0]).to.match(/^ID\s+EMAIL\s+NAME\s+RECRUITER/);
    });

    it('refuses a duplicate email whatever its case (exit 4) and invalid values (exit 2)', async () => {
      await createUser({ email: 'ada@example.com' });
      const [duplicate, badEmail, blankName] = await Promise.all([
        cli(['users:create', '--name', 'Ada', '--email', 'ADA@Example.com']),
        cli(['users:create', '--name', 'Ada', '--email', 'not-an-email', '--json']),
        cli(['users:create', '--name', '   ', '--email', 'b@example.com']),
      ]);
      expect(duplicate.code).to.equal(4);
      expect(duplicate.stderr).to.equal(
        'error: A user with email "ADA@Example.com" already exists.\nhint: Emails are unique regardless of case; see users:list.\n',
      );
      expect(badEmail.code).to.equal(2);
      expect(json(badEmail.stderr)).to.deep.equal({
        error: { code: 'invalid', message: 'Invalid input: email must be an email address such as ada@example.com.' },
      });
      expect(blankName.code).to.equal(2);
      expect(blankName.stderr).to.include('error: Invalid input: name is required.');
      expect(await testDb().query(`SELECT count(*)::int AS n FROM users`)).to.deep.equal([{ n: 1 }]);
    });
  });

  describe('memberships', () => {
    it('adds (harmlessly twice, changing the role), removes, and reports what is missing', async () => {
      const org = await createOrganization();
      const user = await createUser({ email: 'rec@example.com', is_recruiter: true });
      const added = await cli(['memberships:add', 'rec@example.com', org.id, '--json']);
      expect(added.code).to.equal(0);
      expect(json(added.stdout)).to.deep.equal({ user_id: user.id, organization_id: org.id, role: 'member', outcome: 'added' });
      const [again, promoted] = [
        await cli(['memberships:add', user.id, org.id]),
        await cli(['memberships:add', user.id, org.id, '--role', 'admin', '--json']),
      ];
      expect(again.code).to.equal(0);
      expect(again.stdout).to.include('is already a member');
      expect(json(promoted.stdout).outcome).to.equal('role_changed');
      expect(await testDb().query(`SELECT user_id, organization_id, role FROM organization_memberships`)).to.deep.equal([
        { user_id: user.id, organization_id: org.id, role: 'admin' },
      ]);
      expect((await cli(['memberships:remove', 'rec@example.com', org.id])).code).to.equal(0);
      expect(await testDb().query(`SELECT 1 FROM organization_memberships`)).to.deep.equal([]);

      const unknownOrg = randomUUID();
      const [notMember, noOrg, badOrg, noUser, badRole] = await Promise.all([
        cli(['memberships:remove', 'rec@example.com', org.id]),
        cli(['memberships:add', 'rec@example.com', unknownOrg]),
        cli(['memberships:add', 'rec@example.com', 'acme']),
        cli(['memberships:add', 'nobody@example.com', org.id]),
        cli(['memberships:add', 'rec@example.com', org.id, '--role', 'owner']),
      ]);
      expect(notMember.code).to.equal(3);
      expect(notMember.stderr).to.include(`error: User rec@example.com is not a member of organization ${org.id}.`);
      expect(noOrg.code).to.equal(3);
      expect(noOrg.stderr).to.include(`error: No organization with id ${unknownOrg}.`);
      expect(badOrg.code).to.equal(2);
      expect(badOrg.stderr).to.include('error: Organization id "acme" is not a UUID.');
      expect(noUser.code).to.equal(3);
      expect(noUser.stderr).to.include('error: No user with email "nobody@example.com".');
      expect(badRole.code).to.equal(2);
      expect(badRole.stderr).to.include('error: Role "owner" is not one of: member, admin.');
    });
  });

  describe('resumes', () => {
    it('adds resumes from a file, stdin or inline text, keeps at most one active, and activates another', async () => {
      const user = await createUser({ email: 'ada@example.com' });
      const file = path.join(tmpdir(), `resume-${randomUUID()}.txt`);
      writeFileSync(file, 'Ten years of analytical engines.');
      const first = json((await cli(['resumes:add', 'ada@example.com', '--title', 'CV', '--file', file, '--activate', '--json'])).stdout);
      expect(first).to.include({ user_id: user.id, title: 'CV', is_active: true, characters: 32 });
      const second = json((await cli(['resumes:add', user.id, '--title', 'CV 2', '--content', 'Shorter.', '--activate', '--json'])).stdout);
      const piped = await cli(['resumes:add', user.id, '--title', 'Draft', '--file', '-'], { input: 'From stdin.' });
      expect(piped.code).to.equal(0);
      expect(piped.stdout).to.match(/^Added resume [0-9a-f-]{36} \(11 characters\) to .* \(inactive\)\.\n$/);
      const active = async () =>
        (await testDb().query(`SELECT id FROM resumes WHERE user_id = $1 AND is_active`, [user.id])).map((r) => r.id);
      expect(await active()).to.deep.equal([second.id]);

      const activated = await cli(['resumes:activate', first.id]);
      expect(activated.code).to.equal(0);
      expect(activated.stdout).to.equal(`Resume ${first.id} is now active (resume ${second.id} is no longer).\n`);
      expect(await active()).to.deep.equal([first.id]);
      const listed = json((await cli(['resumes:list', 'ada@example.com', '--json'])).stdout);
      expect(listed.map((r: { title: string; is_active: boolean }) => [r.title, r.is_active])).to.deep.equal([
        ['Draft', false],
        ['CV 2', false],
        ['CV', true],
      ]);
      expect(await testDb().query(`SELECT content FROM resumes WHERE title = 'Draft'`)).to.deep.equal([{ content: 'From stdin.' }]);
    });

    it('reports bad input: both or neither content source, unreadable file, malformed or unknown resume id', async () => {
      await createUser({ email: 'ada@example.com' });
      const [neither, both, unreadable, badId, unknownId, noUser] = await Promise.all([
        cli(['resumes:add', 'ada@example.com', '--title', 'CV']),
        cli(['resumes:add', 'ada@example.com', '--title', 'CV', '--content', 'x', '--file', '/etc/hostname']),
        cli(['resumes:add', 'ada@example.com', '--title', 'CV', '--file', '/nonexistent/cv.txt']),
        cli(['resumes:activate', '12345']),
        cli(['resumes:activate', randomUUID()]),
        cli(['resumes:list', 'nobody']),
      ]);
      for (const run of [neither, both]) {
        expect(run.code).to.equal(2);
        expect(run.stderr).to.include('error: Give exactly one of --file <path> or --content <text>.');
      }
      expect(unreadable.code).to.equal(2);
      expect(unreadable.stderr).to.include('error: Cannot read "/nonexistent/cv.txt" (ENOENT).');
      expect(badId.code).to.equal(2);
      expect(badId.stderr).to.include('error: Resume id "12345" is not a UUID.');
      expect(unknownId.code).to.equal(3);
      expect(unknownId.stderr).to.include('error: No resume with id');
      expect(noUser.code).to.equal(2);
      expect(noUser.stderr).to.include('error: "nobody" is neither a user id (UUID) nor an email address.');
      expect(await testDb().query(`SELECT 1 FROM resumes`)).to.deep.equal([]);
    });

    it('refuses a binary file (NUL characters) as a usage error, exit 2, not an unexpected failure', async () => {
      await createUser({ email: 'ada@example.com' });
      const file = path.join(tmpdir(), `resume-${randomUUID()}.pdf`);
      writeFileSync(file, Buffer.from([0x25, 0x50, 0x44, 0x46, 0x0a, 0x00, 0x01, 0x02]));
      const run = await cli(['resumes:add', 'ada@example.com', '--title', 'CV', '--file', file]);
      expect(run.code).to.equal(2);
      expect(run.stderr).to.equal('error: Invalid input: content must be text without NUL characters (U+0000).\n');
      expect(await testDb().query(`SELECT 1 FROM resumes`)).to.deep.equal([]);
    });
  });

  describe('API keys', () => {
    it('creates a key shown once, stores only its hash and prefix, lists it by prefix, and revokes it at once', async () => {
      const org = await createOrganization();
      const location = await createLocation();
      const job = await createJob({ organization_id: org.id, location_id: location.id });
      const job2 = await createJob({ organization_id: org.id, location_id: location.id });
      const user = await createUser({ email: 'ada@example.com' });
      expect((await cli(['resumes:add', 'ada@example.com', '--title', 'CV', '--content', 'CV text', '--activate'])).code).to.equal(0);

      const created = await cli(['keys:create', 'ada@example.com', '--name', 'agent']);
      expect(created.code).to.equal(0);
      const lines = created.stdout.trimEnd().split('\n');
      const key = lines[lines.length - 1];
      expect(key).to.match(/^jla_[0-9A-Za-z]{32,}$/);
      expect(created.stdout).to.include('shown only this once');
      const [row] = await testDb().query(`SELECT id, user_id, name, key_hash, prefix, revoked_at FROM api_keys`);
      expect(row).to.deep.equal({
        id: row.id,
        user_id: user.id,
        name: 'agent',
        key_hash: createHash('sha256').update(key).digest('hex'),
        prefix: key.slice(0, 12),
        revoked_at: null,
      });
      const stored = JSON.stringify(await testDb().query(`SELECT * FROM api_keys`));
      expect(stored).not.to.include(key.slice(4));

      const app = httpClient(createWriteApp({ config: testConfig(), db: testDb(), search: testSearch(), logger: testLogger }).app);
      await app.post(`/agents/jobs/${job.id}/apply`).set('x-api-key', key).expect(201);

      const listed = await cli(['keys:list']);
      expect(listed.code).to.equal(0);
      expect(listed.stdout).to.include(row.prefix).and.include('ada@example.com').and.include('active');
      for (const secret of [key.slice(4), row.key_hash]) expect(listed.stdout).not.to.include(secret);
      const listedJson = json((await cli(['keys:list', '--user', 'ada@example.com', '--json'])).stdout);
      expect(Object.keys(listedJson[0]).sort()).to.deep.equal([
        'created_at',
        'id',
        'last_used_at',
        'name',
        'prefix',
        'revoked_at',
        'status',
        'user_email',
        'user_id',
      ]);
      expect(listedJson[0].last_used_at).to.be.a('string');

      const revoked = await cli(['keys:revoke', row.prefix]);
      expect(revoked.code).to.equal(0);
      expect(revoked.stdout).to.equal(`Revoked API key ${row.id} (prefix ${row.prefix}) of ada@example.com.\n`);
      const refused = await app.post(`/agents/jobs/${job2.id}/apply`).set('x-api-key', key).expect(401);
      expect(refused.body).to.include({ code: 'unauthenticated', message: 'The API key has been revoked.' });

      const [again, activeOnly, all] = await Promise.all([
        cli(['keys:revoke', row.id]),
        cli(['keys:list', '--json']),
        cli(['keys:list', '--all', '--json']),
      ]);
      expect(again.code).to.equal(0);
      expect(again.stdout).to.match(new RegExp(`^API key ${row.id} \\(prefix ${row.prefix}\\) was already revoked at `));
      expect(json(activeOnly.stdout)).to.deep.equal([]);
      expect(json(all.stdout)[0]).to.include({ id: row.id, status: 'revoked' });
    });

    it('revokes a leaked key named in full, without echoing it, and reports unknown or malformed references', async () => {
      const user = await createUser({ email: 'ada@example.com' });
      const key = json((await cli(['keys:create', user.id, '--json'])).stdout);
      expect(key.key).to.match(/^jla_[0-9A-Za-z]{32,}$/);
      const revoked = await cli(['keys:revoke', key.key, '--json']);
      expect(revoked.code).to.equal(0);
      expect(json(revoked.stdout)).to.include({ id: key.id, status: 'revoked', already_revoked: false });
      expect(revoked.stdout + revoked.stderr).not.to.include(key.key.slice(4));

      const [unknownKey, unknownPrefix, malformed, noUser] = await Promise.all([
        cli(['keys:revoke', `jla_${'Q'.repeat(40)}`]),
        cli(['keys:revoke', 'jla_QQQQQQQQ']),
        cli(['keys:revoke', 'my-key']),
        cli(['keys:create', 'nobody@example.com']),
      ]);
      expect(unknownKey.code).to.equal(3);
      expect(unknownKey.stderr).to.equal('error: No API key matches.\nhint: See keys:list --all for ids and prefixes.\n');
      expect(unknownPrefix.code).to.equal(3);
      expect(malformed.code).to.equal(2);
      expect(malformed.stderr).to.include(
        'error: The key must be named by its id (UUID), its prefix (jla_ and 8 characters) or the full key.',
      );
      expect(noUser.code).to.equal(3);
      expect(await testDb().query(`SELECT count(*)::int AS n FROM api_keys`)).to.deep.equal([{ n: 1 }]);
    });
  });
});
