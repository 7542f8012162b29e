import { text } from 'node:stream/consumers';
import { runCli } from './run';

/** `npm run cli -- <command>`: the operator CLI (see --help). Sets the exit code; never calls exit, so output is flushed. */
runCli(process.argv.slice(2), {
  stdout: (s) => process.stdout.write(s),
  stderr: (s) => process.stderr.write(s),
  env: process.env,
  stdin: () => text(process.stdin),
}).then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    process.stderr.write(`error: ${(err as Error)?.message ?? String(err)}\n`);
    process.exitCode = 1;
  },
);
