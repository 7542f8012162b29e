import type { Client } from '@elastic/elasticsearch';
import type { JobDocument } from '../../../../shared/jobs/job-document';
import type { Scored } from '../relevance/fusion';
import { bestMatchSortValues, type JobHit } from './run-job-search';

/**
 * The stored documents of `ids` that the index holds, by id, with only the fields of `source`: a
 * multi-get, not a search by ids, since a page that needs neither a snippet (highlighting) nor
 * facets nor Elasticsearch's order needs no query. Read as of the last refresh (realtime false),
 * as the searches that ranked the jobs read them; a job deleted since is left out, as a search would.
 */
export async function docsById(
  client: Client,
  index: string,
  ids: readonly string[],
  source: string[] | true,
): Promise<Map<string, JobDocument>> {
  const docs = new Map<string, JobDocument>();
  if (ids.length === 0) return docs;
  const response = await client.mget<JobDocument>({ index, ids: [...ids], _source: source, realtime: false });
  for (const doc of response.docs) {
    if ('found' in doc && doc.found && doc._source) docs.set(doc._id, doc._source);
  }
  return docs;
}

/**
 * Documents asked for before the jobs of a page were known (ranked-search: the kNN list's first
 * jobs, fetched while the keyword list is still being searched). `docs` never rejects: a prefetch
 * that failed holds no document, and its jobs are fetched again.
 */
export interface Prefetched {
  ids: ReadonlySet<string>;
  docs: Promise<ReadonlyMap<string, JobDocument>>;
}

/**
 * The stored documents of `jobs` as hits, in their order, with only the fields of `source` (the
 * same as the prefetch's, if any). What `prefetched` asked for is taken from it; the rest is
 * fetched at once beside it (docsById), and a job the prefetch did not bring is asked for again.
 * The sort values carry each job's score in `jobs` (a hybrid page continues by offset).
 */
export async function jobsById(
  client: Client,
  index: string,
  jobs: readonly Scored[],
  source: string[] | true,
  prefetched?: Prefetched,
): Promise<JobHit[]> {
  const asked = (job: Scored) => prefetched?.ids.has(job.id) ?? false;
  const [early, rest] = await Promise.all([
    prefetched?.docs ?? new Map<string, JobDocument>(),
    docsById(
      client,
      index,
      jobs.filter((job) => !asked(job)).map((job) => job.id),
      source,
    ),
  ]);
  const lacking = jobs.filter((job) => asked(job) && !early.has(job.id)).map((job) => job.id);
  const again = await docsById(client, index, lacking, source);
  return jobs.flatMap((job) => {
    const doc = early.get(job.id) ?? rest.get(job.id) ?? again.get(job.id);
    return doc ? [{ doc, sort: bestMatchSortValues(job.score, doc) }] : [];
  });
}
