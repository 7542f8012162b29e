/**
 * Draws the samples of real salary strings the parser is scored on: distinct non-empty salary
 * texts of ../shared/data/real-postings (read in place, never copied), by fixed seeds, printed as
 * JSON lines with the parser's current reading as a first draft of each label. The labels in
 * real-salary-labels.json were written from that draft by reading every string, not by accepting it.
 * The first sample (200, seed 19) was labelled while the parser was written; the second (100 more,
 * seed 20, none of the first) was labelled afterwards and scored blind before any change.
 * Run: npx tsx scripts/sample-real-salaries.ts [--second]
 */
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { projectRoot } from '../shared/runtime/project-root';
import { parseSalary } from '../services/write';
import { createRandom } from './seed/random';

/** Floats in [0, 1) from a seeded generator (mulberry32): the same sequence on every machine. */
const seededNumbers = (seed: number) => {
  const random = createRandom(seed);
  return () => random.next();
};

const SAMPLES = { first: { size: 200, seed: 19 }, second: { size: 100, seed: 20 } } as const;

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

/** `size` distinct texts of `from`, drawn by `seed`. */
function draw(from: readonly string[], { size, seed }: { size: number; seed: number }): string[] {
  const random = seededNumbers(seed);
  const picked = new Set<string>();
  while (picked.size < size) picked.add(from[Math.floor(random() * from.length)]);
  return [...picked];
}

async function main(second: boolean): Promise<void> {
  const all = await distinctSalaries();
  const first = draw(all, SAMPLES.first);
  const taken = new Set(first);
  const sample = second
    ? draw(
        all.filter((text) => !taken.has(text)),
        SAMPLES.second,
      )
    : first;
  for (const text of sample) console.log(JSON.stringify({ text, expected: parseSalary(text, { defaultCurrency: 'GBP' }) ?? null }));
}

void main(process.argv.includes('--second'));
