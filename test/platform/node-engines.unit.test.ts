import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';

const ROOT = path.resolve(__dirname, '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

interface LockedPackage {
  engines?: { node?: string; npm?: string } | string[];
}

/** The current LTS lines. */
const LTS_LINES = [22, 24, 26];
/** The npm of the oldest supported Node (22.13.0): npm checks `engines.npm` against the npm that runs. */
const OLDEST_NPM = '10.9.0';

/**
 * The Node versions the project supports, as package.json's `engines` says, checked against what
 * every installed package declares (package-lock.json records each one's `engines`): on a
 * supported version `npm ci` has no EBADENGINE to print.
 */
describe('supported Node versions (package.json engines, the lock file, README, Dockerfile)', () => {
  const pkg = JSON.parse(read('package.json')) as { engines: { node: string } };
  const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, LockedPackage> };
  const supported = pkg.engines.node;
  const lines = LTS_LINES;

  it('covers the current LTS lines (22, 24, 26) and not Node 20, past its end of life', () => {
    for (const line of lines) expect(semver.satisfies(`${line}.20.0`, supported), `Node ${line}`).to.equal(true);
    expect(semver.satisfies('20.20.2', supported), 'Node 20').to.equal(false);
  });

  it('every package in the lock file accepts every supported Node version (no EBADENGINE)', () => {
    const refusing = Object.entries(lock.packages)
      .filter(([, p]) => !Array.isArray(p.engines) && p.engines?.node && !semver.subset(supported, p.engines.node))
      .map(([name, p]) => `${name.replace(/^.*node_modules\//, '')} wants node ${(p.engines as { node: string }).node}`);
    expect(refusing).to.deep.equal([]);
  });

  it('every package accepts the npm of the oldest supported Node, and any newer', () => {
    const refusing = Object.entries(lock.packages)
      .map(([name, p]) => [name, Array.isArray(p.engines) ? undefined : p.engines?.npm] as const)
      .filter(([, wanted]) => wanted && !semver.subset(`>=${OLDEST_NPM}`, wanted))
      .map(([name, wanted]) => `${name} wants npm ${wanted}`);
    expect(refusing).to.deep.equal([]);
  });

  it('the README names the same lines and says what Node 20 gets', () => {
    const readme = read('README.md');
    expect(readme).to.match(/Node\.js 22, 24 or 26/);
    expect(readme).to.match(/Node 20[^\n]*(end of life|end-of-life)/i);
  });

  it('the container image runs the newest LTS line the project supports', () => {
    const bases = [...read('Dockerfile').matchAll(/^FROM node:(\d+)-/gm)].map((m) => Number(m[1]));
    expect(bases).to.have.length.greaterThan(0);
    for (const major of bases) expect(major).to.equal(Math.max(...lines));
  });
});
