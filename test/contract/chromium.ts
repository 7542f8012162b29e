import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium, type BrowserContext } from 'playwright-core';

const run = promisify(execFile);

/** Debian's chromium package, which scripts/test-setup.sh installs. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags for a quiet, offline, throwaway browser: nothing is fetched from or sent to the internet. */
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Makes sure the browser is there: `npm test` installs it in its pretest step, and this covers
 * a bare `npx mocha` on a new machine by running the same script.
 */
export async function ensureChromium(): Promise<void> {
  if (existsSync(CHROMIUM_PATH)) return;
  const script = path.resolve(__dirname, '../../scripts/test-setup.sh');
  await run('bash', [script], { timeout: 900_000, maxBuffer: 16 << 20 });
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`${CHROMIUM_PATH} is still missing after ${script}`);
}

/** A headless Chromium with a fresh profile; `close` also deletes the profile. */
export async function launchChromium(): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const userDataDir = await mkdtemp(path.join(os.tmpdir(), 'jla-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ARGS,
    viewport: { width: 1280, height: 900 },
  });
  return {
    context,
    close: async () => {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}
