/**
 * Draws the sample of real salary strings the parser is scored on: 200 distinct non-empty salary
 * texts of ../shared/data/real-postings (read in place, never copied), by a fixed seed, printed as
 * JSON lines with the parser's current reading as a first draft of each label. The labels in
 * real-salary-labels.json were written from that draft by reading every string, not by accepting it.
 * Run: npx tsx shared/salary/sample-real-salaries.ts
 */
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { projectRoot } from '../runtime/project-root';
import { parseSalary } from './parse-salary';

export const SAMPLE_SIZE = 200;
const SEED = 19;

async function distinctSalaries(): Promise<string[]> {
  const file = path.join(projectRoot(), '..', 'shared', 'data', 'real-postings', 'postings.jsonl.gz');
  const seen = new Set<string>();
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()) });
  for await (const line of lines) {
    const salary = (JSON.parse(line) as { salary?: string | null }).salary?.trim();
    if (salary) seen.add(salary);
  }
  return [...seen].sort();
}

/** A small seeded generator (mulberry32), so the sample is the same on every machine. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function main(): Promise<void> {
  const all = await distinctSalaries();
  const random = seeded(SEED);
  const picked = new Set<string>();
  while (picked.size < SAMPLE_SIZE) picked.add(all[Math.floor(random() * all.length)]);
  for (const text of picked) console.log(JSON.stringify({ text, expected: parseSalary(text, { defaultCurrency: 'GBP' }) ?? null }));
}

void main();
