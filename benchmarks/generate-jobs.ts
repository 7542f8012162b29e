/**
 * Generates job creation requests as NDJSON (one POST /agents/jobs body per line), realistic in
 * size and variety, for the import benchmark or a manual `npm run import`.
 *
 *   npx tsx benchmarks/generate-jobs.ts --count 100000 --organizations <id,...> --locations <id,...> [--seed 1] > jobs.ndjson
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import { createRandom } from '../scripts/seed/random';
import { EXPERIENCE_LEVELS, GENERAL_TAGS, LEVELS, ROLE_FAMILIES } from '../scripts/seed/vocabulary';
import { JOB_TYPES } from '../shared/schemas/common';

/** The ids generated jobs refer to, and the seed that makes them reproducible. */
export interface GenerateOptions {
  organizationIds: readonly string[];
  locationIds: readonly string[];
  seed?: number;
}

/** `count` job creation bodies as JSON lines, the same for the same seed. */
export function* generateJobLines(count: number, options: GenerateOptions): Generator<string> {
  const random = createRandom(options.seed ?? 1, 'benchmark-jobs');
  const families = Object.values(ROLE_FAMILIES);
  const closing = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);
  for (let i = 0; i < count; i++) {
    const family = random.pick(families);
    const level = random.pick(EXPERIENCE_LEVELS);
    const prefix = random.pick(LEVELS[level].prefixes);
    const role = random.pick(family.roles);
    const [low, high] = family.band;
    const body = {
      title: `${prefix ? `${prefix} ` : ''}${role}`,
      organization_id: random.pick(options.organizationIds),
      location_id: random.pick(options.locationIds),
      type: random.weighted(JOB_TYPES.map((t) => [t, t === 'full_time' ? 10 : 1] as const)),
      salary: `$${Math.round((low * LEVELS[level].salaryFactor) / 1000)}k - $${Math.round((high * LEVELS[level].salaryFactor) / 1000)}k`,
      description: random.sample(family.work, 3).join(' '),
      department: family.department,
      experience: level,
      education: random.pick(family.education),
      skills: random.sample(family.skills, random.int(3, 7)),
      team: random.pick(family.teams),
      reporting_to: random.pick(family.reportingTo),
      tags: [...random.sample(family.tags, 2), ...random.sample(GENERAL_TAGS, 1)],
      responsibilities: random.sample(family.responsibilities, 4),
      ...(random.chance(0.3) ? { closing_date: closing } : {}),
      ...(random.chance(0.2) ? { resume_score_threshold: random.int(50, 90) } : {}),
    };
    yield JSON.stringify(body);
  }
}

/** Writes the lines to a stream, respecting back-pressure. */
async function writeJobLines(out: NodeJS.WritableStream, count: number, options: GenerateOptions): Promise<void> {
  for (const line of generateJobLines(count, options)) {
    if (!out.write(`${line}\n`)) await once(out, 'drain');
  }
}

/** Writes `count` generated lines to a file. */
export async function writeJobFile(file: string, count: number, options: GenerateOptions): Promise<void> {
  const out = createWriteStream(file);
  await writeJobLines(out, count, options);
  out.end();
  await once(out, 'finish');
}

if (require.main === module) {
  const { values } = parseArgs({
    options: {
      count: { type: 'string', default: '1000' },
      organizations: { type: 'string' },
      locations: { type: 'string' },
      seed: { type: 'string', default: '1' },
    },
  });
  if (!values.organizations || !values.locations) {
    console.error(
      'usage: npx tsx benchmarks/generate-jobs.ts --count N --organizations <id,...> --locations <id,...> [--seed 1] > jobs.ndjson',
    );
    process.exit(2);
  }
  writeJobLines(process.stdout, Number(values.count), {
    organizationIds: values.organizations.split(','),
    locationIds: values.locations.split(','),
    seed: Number(values.seed),
  }).catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
