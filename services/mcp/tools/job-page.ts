import type { JobSearchResult } from '../../../shared/schemas/job-search';
import type { JobField } from '../../../shared/schemas/job';

/** The Job fields a page of results shows unless the caller names others: enough to choose, small enough to list. */
export const COMPACT_FIELDS: JobField[] = [
  'title',
  'organization',
  'location',
  'workplace_type',
  'type',
  'salary',
  'experience',
  'closing_date',
];
/** Characters of description snippet per job unless the caller asks otherwise. */
export const DEFAULT_SNIPPET = 200;

/** The compact defaults, under what the caller asked for. */
export function compactQuery<T extends Record<string, unknown>>(args: T): T & { fields: string[]; snippet: number } {
  return {
    ...args,
    fields: (args.fields as string[] | undefined) ?? COMPACT_FIELDS,
    snippet: (args.snippet as number | undefined) ?? DEFAULT_SNIPPET,
  };
}

/** Paging and compactness, said the same way in both list tools' descriptions. */
export const PAGING_HELP =
  'Results are compact: id, title, organization, location, workplace_type, type, salary, experience, closing_date and a ~200-character `snippet` of the ' +
  'description; pass `fields` (and `snippet`) to change that, and call get_job for a posting in full. Paging: when ' +
  '`pagination.next_cursor` is present, call again with the same arguments plus `cursor` set to it (and no `page`) for the next page; ' +
  'it reaches every result, past 10 000. `facets` (e.g. ["job_types","location_ids"]) adds counts per value, with labels for ids.';

/** Compactness and paging in fewer words, for a description that has more to say (search_jobs). */
export const SHORT_PAGING_HELP =
  'Results are compact (title, organization, location, type, salary, experience, closing date, a ~200-character `snippet`); ' +
  '`fields` and `snippet` change that, get_job gives a posting in full. Next page: the same arguments plus `cursor` = ' +
  '`pagination.next_cursor`. `facets` adds counts per value.';

/** One line per job: title, organization, location and id. */
export const jobLines = (jobs: JobSearchResult['jobs']) =>
  jobs.map((job) => `- ${[job.title, job.organization, job.location].filter(Boolean).join(' | ')} (id ${job.id})`);

/** The short text beside a page: how many, which page, how to go on, then one line per job. */
export function pageSummary(page: JobSearchResult): string {
  const { pagination } = page;
  const total = `${pagination.total_relation === 'gte' ? 'over ' : ''}${pagination.total_items}`;
  const lines = jobLines(page.jobs);
  const next = pagination.next_cursor ? `next page: cursor=${pagination.next_cursor}` : 'no next page';
  return [`${page.jobs.length} of ${total} jobs, page ${pagination.current_page}; ${next}`, ...readingLines(page), ...lines].join('\n');
}

/**
 * How the search read the query, when it read words otherwise than typed, whether its words
 * found few jobs, and whether it read a description of the work: an agent may want to retry with
 * other words.
 */
function readingLines({ spelling, meaning_fill, described }: JobSearchResult): string[] {
  const lines: string[] = [];
  if (spelling) {
    const read = spelling.corrections.map(({ typed, read_as }) => `${typed} as ${read_as}`).join(', ');
    lines.push(`searched as "${spelling.searched}" (read ${read})`);
  }
  if (meaning_fill) {
    const { word_matches: n } = meaning_fill;
    lines.push(`the words found ${n} job${n === 1 ? '' : 's'}; the rest are nearest in meaning`);
  }
  if (described) lines.push('read as a description of the work: ranked by its words and its meaning together');
  return lines;
}
