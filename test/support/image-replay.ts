import dockerignore from '@balena/dockerignore';
import { spawn } from 'node:child_process';
import { chmod, cp, link, mkdir, readdir, readFile, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * A container image build replayed without a Docker engine: the Dockerfile's stages are
 * assembled in folders, each file placed exactly as its COPY lines and the .dockerignore rules say,
 * and each RUN step run in the stage's working directory with the stage's ENV. Only the base image
 * is the machine's own (its node and npm stand in for the `node:<lts>` image's). An instruction
 * the replay does not know fails the build, so a Dockerfile cannot grow past what is checked.
 */

/** One instruction of a Dockerfile, continuation lines joined. */
export interface Instruction {
  keyword: string;
  args: string;
  line: number;
}

export interface Stage {
  /** `FROM <base> [AS <name>]`. */
  base: string;
  name?: string;
  instructions: Instruction[];
}

/** What a replayed stage left: its root folder (the image's `/`), working directory, ENV and USER. */
export interface BuiltStage {
  stage: Stage;
  root: string;
  workdir: string;
  env: Record<string, string>;
  user?: string;
  /** The exec form of CMD and of HEALTHCHECK's CMD, when the stage has them. */
  cmd?: string[];
  healthcheck?: string[];
}

export function parseDockerfile(text: string): Stage[] {
  const stages: Stage[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const first = i + 1;
    let current = lines[i].trim();
    if (!current || current.startsWith('#')) continue;
    // A trailing backslash continues the instruction; comment lines inside it are dropped, as Docker does.
    while (current.endsWith('\\') && i + 1 < lines.length) {
      current = current.slice(0, -1);
      const next = lines[++i].trim();
      if (!next.startsWith('#')) current += ` ${next}`;
    }
    const match = /^(\w+)\s+(.*)$/s.exec(current);
    if (!match) throw new Error(`Dockerfile line ${first}: cannot read "${current}"`);
    const keyword = match[1].toUpperCase();
    const args = match[2].trim();
    if (keyword === 'FROM') {
      const from = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args);
      if (!from) throw new Error(`Dockerfile line ${first}: cannot read FROM ${args}`);
      stages.push({ base: from[1], name: from[2], instructions: [] });
    } else {
      if (stages.length === 0) throw new Error(`Dockerfile line ${first}: ${keyword} before FROM`);
      stages[stages.length - 1].instructions.push({ keyword, args, line: first });
    }
  }
  return stages;
}

/** `["a", "b"]` (exec form) as a list; a shell-form line is run by `/bin/sh -c`. */
function commandOf(args: string): string[] {
  return args.startsWith('[') ? (JSON.parse(args) as string[]) : ['/bin/sh', '-c', args];
}

/** `ENV a=1 b="two"` (or the old `ENV a 1`). */
function parseEnv(args: string): Record<string, string> {
  if (!/^[A-Za-z_][A-Za-z0-9_]*=/.test(args)) {
    const [key, ...rest] = args.split(/\s+/);
    return { [key]: rest.join(' ') };
  }
  const env: Record<string, string> = {};
  for (const pair of args.match(/[A-Za-z_][A-Za-z0-9_]*=(?:"[^"]*"|'[^']*'|\S*)/g) ?? []) {
    const eq = pair.indexOf('=');
    env[pair.slice(0, eq)] = pair.slice(eq + 1).replace(/^(["'])(.*)\1$/, '$2');
  }
  return env;
}

/** Splits `--flag=value` options off the front of COPY's arguments. */
function parseCopy(args: string): { from?: string; sources: string[]; dest: string } {
  const words = args.startsWith('[') ? (JSON.parse(args) as string[]) : args.split(/\s+/);
  let from: string | undefined;
  while (words[0]?.startsWith('--')) {
    const flag = words.shift()!;
    const [name, value] = flag.slice(2).split('=');
    if (name === 'from') from = value;
    else if (name !== 'chown' && name !== 'chmod' && name !== 'link') throw new Error(`COPY ${flag}: not replayed`);
  }
  if (words.length < 2) throw new Error(`COPY ${args}: needs a source and a destination`);
  if (words.some((w) => /[*?[]/.test(w))) throw new Error(`COPY ${args}: wildcards are not replayed`);
  return { from, sources: words.slice(0, -1), dest: words[words.length - 1] };
}

/** The build context as Docker sends it: every file under `context` the .dockerignore rules keep. */
export async function readContext(context: string): Promise<(relative: string) => boolean> {
  const rules = await readFile(path.join(context, '.dockerignore'), 'utf8').catch(() => '');
  const ignore = dockerignore().add(rules.split('\n'));
  return (relative: string) => !ignore.ignores(relative);
}

/** Copies `relative` from the context to `target`, leaving out what the ignore rules drop. */
async function copyFromContext(context: string, kept: (relative: string) => boolean, relative: string, target: string): Promise<number> {
  const source = path.join(context, relative);
  const info = await stat(source).catch(() => undefined);
  if (!info) throw new Error(`COPY ${relative}: not in the build context`);
  if (!info.isDirectory()) {
    if (!kept(relative)) throw new Error(`COPY ${relative}: excluded by .dockerignore`);
    await mkdir(path.dirname(target), { recursive: true });
    await cp(source, target);
    return 1;
  }
  let copied = 0;
  await mkdir(target, { recursive: true });
  for (const entry of await readdir(source, { withFileTypes: true })) {
    const child = path.posix.join(relative, entry.name);
    // An ignored folder may still hold a file a `!` rule takes back; Docker walks it, and so do we.
    if (entry.isDirectory()) copied += await copyFromContext(context, kept, child, path.join(target, entry.name));
    else if (kept(child)) {
      await cp(path.join(source, entry.name), path.join(target, entry.name));
      copied++;
    }
  }
  return copied;
}

/** Where an image path lands in the stage's folder (`/app/x` -> `<root>/app/x`). */
function inStage(root: string, workdir: string, imagePath: string): string {
  return path.join(root, path.posix.isAbsolute(imagePath) ? imagePath : path.posix.join(workdir, imagePath));
}

/**
 * npm's cache of this machine, hard-linked into a stage's home: `npm ci` finds the tarballs it
 * already has (content-addressed files never change in place), and a `npm cache clean` in the
 * stage removes only the links.
 */
async function seedNpmCache(home: string): Promise<void> {
  const machineCache = path.join(os.homedir(), '.npm', '_cacache');
  if (!(await stat(machineCache).catch(() => undefined))) return;
  const walk = async (from: string, to: string): Promise<void> => {
    await mkdir(to, { recursive: true });
    for (const entry of await readdir(from, { withFileTypes: true })) {
      const source = path.join(from, entry.name);
      const target = path.join(to, entry.name);
      if (entry.isDirectory()) await walk(source, target);
      else if (entry.isFile()) await link(source, target).catch(() => cp(source, target));
    }
  };
  await walk(machineCache, path.join(home, '.npm', '_cacache'));
}

export interface ReplayOptions {
  context: string;
  dockerfile: string;
  /** Folder the stages are assembled in (stage N in `<into>/stage-N`). */
  into: string;
  /** Output of the RUN steps (to keep a failed build's log). */
  log: (line: string) => void;
}

/** Runs one RUN step; rejects with its output when it fails. */
function runStep(command: string[], cwd: string, env: NodeJS.ProcessEnv, log: (line: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command[0], command.slice(1), { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer) => {
      output += chunk.toString();
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('exit', (code) => {
      log(output);
      if (code === 0) resolve();
      else reject(new Error(`RUN ${command.join(' ')} exited with ${code}:\n${output.slice(-4000)}`));
    });
  });
}

/** Replays every stage in order; answers them by index (the last is the image). */
export async function replayBuild({ context, dockerfile, into, log }: ReplayOptions): Promise<BuiltStage[]> {
  const stages = parseDockerfile(await readFile(path.join(context, dockerfile), 'utf8'));
  const kept = await readContext(context);
  const built: BuiltStage[] = [];
  for (const [index, stage] of stages.entries()) {
    const root = path.join(into, `stage-${index}`);
    const home = path.join(root, 'root');
    await mkdir(home, { recursive: true });
    await seedNpmCache(home);
    const result: BuiltStage = { stage, root, workdir: '/', env: {} };
    for (const { keyword, args, line } of stage.instructions) {
      const where = `Dockerfile line ${line}`;
      switch (keyword) {
        case 'WORKDIR':
          result.workdir = path.posix.resolve(result.workdir, args);
          await mkdir(inStage(root, '/', result.workdir), { recursive: true });
          break;
        case 'ENV':
          Object.assign(result.env, parseEnv(args));
          break;
        case 'USER':
          result.user = args;
          break;
        case 'COPY': {
          const { from, sources, dest } = parseCopy(args);
          const target = inStage(root, result.workdir, dest);
          const intoFolder = dest.endsWith('/') || sources.length > 1;
          for (const source of sources) {
            const to = intoFolder ? path.join(target, path.posix.basename(source)) : target;
            if (from === undefined) {
              const copied = await copyFromContext(context, kept, path.posix.normalize(source), to);
              if (copied === 0) throw new Error(`${where}: COPY ${source} copies nothing`);
            } else {
              const other = built.find((b, i) => b.stage.name === from || String(i) === from);
              if (!other) throw new Error(`${where}: COPY --from=${from}: no such stage`);
              await cp(inStage(other.root, other.workdir, source), to, { recursive: true });
            }
          }
          break;
        }
        case 'RUN':
          // As in the image: the stage's ENV over a plain PATH, root's home in the stage.
          await runStep(commandOf(args), inStage(root, '/', result.workdir), { PATH: process.env.PATH, HOME: home, ...result.env }, log);
          break;
        case 'CMD':
          result.cmd = commandOf(args);
          break;
        case 'HEALTHCHECK': {
          const cmd = /^(?:--\S+\s+)*CMD\s+(.*)$/s.exec(args);
          if (!cmd) throw new Error(`${where}: HEALTHCHECK ${args}: no CMD`);
          result.healthcheck = commandOf(cmd[1]);
          break;
        }
        case 'EXPOSE':
        case 'LABEL':
          break;
        default:
          throw new Error(`${where}: ${keyword} is not replayed; teach test/support/image-replay.ts what it does`);
      }
    }
    // The image's files are readable by its unprivileged user, whatever umask built them.
    await chmod(root, 0o755);
    await chmodReadable(inStage(root, '/', result.workdir));
    built.push(result);
  }
  return built;
}

async function chmodReadable(dir: string): Promise<void> {
  await chmod(dir, 0o755);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const child = path.join(dir, entry.name);
    if (entry.isDirectory()) await chmodReadable(child);
    else if (entry.isFile()) {
      const { mode } = await stat(child);
      await chmod(child, mode | 0o444 | (mode & 0o100 ? 0o111 : 0));
    }
  }
}
