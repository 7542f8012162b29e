import { readFileSync } from 'node:fs';

function programOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

/**
 * npm runs a package script through `sh -c`, and Debian's sh (dash) forks the command instead of
 * replacing itself with it. npm passes a SIGTERM on to that shell only, which dies of it without
 * passing it on: this process would run on, orphaned, with its worker and servers. So when npm
 * started this process through a shell, the shell's end is taken as npm's SIGTERM. (A terminal's
 * Ctrl-C reaches the whole process group, and the shell then waits for this process.)
 */
export function onNpmShellGone(handler: () => void, everyMs = 250): void {
  if (!process.env.npm_lifecycle_event) return;
  const shell = process.ppid;
  if (!/^(sh|dash|bash|ash|zsh)$/.test(programOf(shell))) return;
  const timer = setInterval(() => {
    if (process.ppid === shell) return;
    clearInterval(timer);
    handler();
  }, everyMs);
  timer.unref();
}
