import { expect } from 'chai';
import { execFile, spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { chown, copyFile, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createdUsersFile, recordCreatedUser } from '../../scripts/stack/embedded-postgres-layout';
import { waitFor } from '../support/wait';

const SCRIPT = path.resolve(__dirname, '../../scripts/clean-system.sh');

interface Result {
  code: number;
  output: string;
}

function userExists(name: string): boolean {
  return spawnSync('id', ['-u', name]).status === 0;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function exited(pid: number, name: string): Promise<true> {
  return waitFor(() => !alive(pid), { what: `${name} (pid ${pid}) to exit`, timeoutMs: 5000 });
}

describe('recording the system users the project creates', () => {
  let dir: string;
  const saved = process.env.JLA_CREATED_USERS_FILE;

  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'jla-users-'));
    process.env.JLA_CREATED_USERS_FILE = path.join(dir, 'created-users');
  });

  after(async () => {
    if (saved === undefined) delete process.env.JLA_CREATED_USERS_FILE;
    else process.env.JLA_CREATED_USERS_FILE = saved;
    await rm(dir, { recursive: true, force: true });
  });

  it('one line a user, each once', async () => {
    recordCreatedUser('jla-postgres');
    recordCreatedUser('jla-es');
    recordCreatedUser('jla-postgres');
    expect(await readFile(createdUsersFile(), 'utf8')).to.equal('jla-postgres\njla-es\n');
  });
});

/**
 * `npm run clean:system` on a throwaway clone and state folder: a copy of the script in a folder
 * of its own (the clone it cleans is the one it sits in), JLA_STATE_DIR instead of /var/tmp,
 * stand-ins for the servers (sleep under the names the script checks), and real system users.
 */
describe('npm run clean:system (scripts/clean-system.sh)', function () {
  this.timeout(60_000);
  let dir: string;
  let clone: string;
  let state: string;
  let hash: string;
  const tag = randomBytes(3).toString('hex');
  const created = `jla-ct-${tag}`;
  const preexisting = `jla-ck-${tag}`;
  const servers: number[] = [];

  before(function () {
    if (process.getuid?.() !== 0) this.skip();
  });

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'jla-clean-'));
    clone = path.join(dir, 'clone');
    state = path.join(dir, 'state');
    await mkdir(path.join(clone, 'scripts'), { recursive: true });
    await copyFile(SCRIPT, path.join(clone, 'scripts/clean-system.sh'));
    hash = createHash('sha256').update(clone).digest('hex').slice(0, 12);
    for (const name of [created, preexisting]) {
      if (!userExists(name)) spawnSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', name]);
    }
  });

  afterEach(async () => {
    for (const pid of servers.splice(0)) if (alive(pid)) process.kill(pid, 'SIGKILL');
    for (const name of [created, preexisting]) if (userExists(name)) spawnSync('userdel', [name]);
    await rm(dir, { recursive: true, force: true });
  });

  /** A process whose program name is `name`, as the pid files' servers are (java, postgres). */
  async function server(name: string): Promise<number> {
    const bin = path.join(dir, 'bin');
    await mkdir(bin, { recursive: true });
    if (!existsSync(path.join(bin, name))) await symlink('/bin/sleep', path.join(bin, name));
    const child = spawn(path.join(bin, name), ['300'], { detached: true, stdio: 'ignore' });
    child.unref();
    servers.push(child.pid!);
    // The program name is the link's once the exec is done.
    await waitFor(() => readFileSync(`/proc/${child.pid}/comm`, 'utf8').trim() === name, { what: `${name} to run`, timeoutMs: 5000 });
    return child.pid!;
  }

  /** This clone's state as a run as root leaves it: a node, an embedded server, the shared parts, the record. */
  async function leaveState(): Promise<{ es: number; postgres: number }> {
    const es = await server('java');
    const postgres = await server('postgres');
    await mkdir(path.join(state, 'jla-elasticsearch', hash, 'run-9299', 'data'), { recursive: true });
    await writeFile(path.join(state, 'jla-elasticsearch', hash, 'run-9299', 'es.pid'), `${es}`);
    await mkdir(path.join(state, 'jla-elasticsearch', 'elasticsearch-9.5.4', 'bin'), { recursive: true });
    await mkdir(path.join(state, 'jla-postgres', hash, 'data'), { recursive: true });
    await writeFile(path.join(state, 'jla-postgres', hash, 'data', 'postmaster.pid'), `${postgres}\n/data\n`);
    await writeFile(path.join(state, 'jla-postgres', hash, 'password'), 'secret\n', { mode: 0o600 });
    await mkdir(path.join(state, 'jla-postgres', 'postgres-16.14.0', 'bin'), { recursive: true });
    await writeFile(path.join(state, 'jla-created-users'), `${created}\nroot\n`, { mode: 0o644 });
    return { es, postgres };
  }

  function clean(args: string[] = []): Promise<Result> {
    return new Promise((resolve) => {
      const env: NodeJS.ProcessEnv = { ...process.env, JLA_STATE_DIR: state };
      delete env.ES_NODE_DIR;
      delete env.JLA_CREATED_USERS_FILE;
      execFile('bash', [path.join(clone, 'scripts/clean-system.sh'), ...args], { env }, (err, stdout, stderr) => {
        resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, output: stdout + stderr });
      });
    });
  }

  it('without --yes: says what it would do and changes nothing', async () => {
    const { es, postgres } = await leaveState();
    const result = await clean();
    expect(result.code, result.output).to.equal(0);
    for (const line of [
      'dry run: nothing is changed',
      `would: stop java (pid ${es},`,
      `would: stop postgres (pid ${postgres},`,
      `would: remove ${state}/jla-elasticsearch/${hash} (this clone's Elasticsearch data and logs)`,
      `would: remove ${state}/jla-postgres/${hash} (this clone's embedded PostgreSQL: data, password, log)`,
      `would: remove ${state}/jla-elasticsearch/elasticsearch-9.5.4 (the Elasticsearch distribution)`,
      `would: delete system user ${created} (created by this project)`,
    ])
      expect(result.output).to.include(line);
    expect(result.output).to.not.include(preexisting);
    expect(alive(es) && alive(postgres)).to.equal(true);
    expect(existsSync(path.join(state, 'jla-postgres', hash, 'password'))).to.equal(true);
    expect(userExists(created)).to.equal(true);
  });

  it('with --yes: stops the servers, removes the state and the user it created, keeps a user it did not create', async () => {
    const { es, postgres } = await leaveState();
    const result = await clean(['--yes']);
    expect(result.code, result.output).to.equal(0);
    await exited(es, 'the node');
    await exited(postgres, 'the embedded server');
    expect(existsSync(path.join(state, 'jla-elasticsearch')), result.output).to.equal(false);
    expect(existsSync(path.join(state, 'jla-postgres')), result.output).to.equal(false);
    expect(userExists(created), result.output).to.equal(false);
    expect(userExists(preexisting)).to.equal(true);
    // The line it does not honour (only jla-* names are ever deleted) stays; the user it deleted goes.
    expect(await readFile(path.join(state, 'jla-created-users'), 'utf8')).to.equal('root\n');
    expect(userExists('root')).to.equal(true);
    expect(result.output).to.include(`delete system user ${created}`);
  });

  it("another clone's files beside: removes only this clone's, keeps the shared parts and the users", async () => {
    await leaveState();
    await mkdir(path.join(state, 'jla-elasticsearch', 'abcdef012345', 'run-9200'), { recursive: true });
    const result = await clean(['--yes']);
    expect(result.code, result.output).to.equal(0);
    expect(existsSync(path.join(state, 'jla-elasticsearch', hash))).to.equal(false);
    expect(existsSync(path.join(state, 'jla-postgres', hash))).to.equal(false);
    expect(existsSync(path.join(state, 'jla-elasticsearch', 'elasticsearch-9.5.4'))).to.equal(true);
    expect(existsSync(path.join(state, 'jla-elasticsearch', 'abcdef012345'))).to.equal(true);
    expect(userExists(created)).to.equal(true);
    expect(result.output).to.include("other clones' files remain");
  });

  it('ignores a record that root did not write (/var/tmp is open to every user)', async () => {
    await leaveState();
    await chown(path.join(state, 'jla-created-users'), 65534, 65534);
    const result = await clean(['--yes']);
    expect(result.code, result.output).to.equal(0);
    expect(result.output).to.include('ignoring');
    expect(userExists(created)).to.equal(true);
  });
});
