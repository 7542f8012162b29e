import type { Client } from '@elastic/elasticsearch';
import type { JobDocument } from '../../../../shared/jobs/job-document';
import type { Scored } from '../relevance/fusion';
import { bestMatchSortValues, type JobHit } from './run-job-search';

/**
 * The stored documents of `jobs`, in their order, with only the fields of `source`: a multi-get,
 * not a search by ids, since a page that needs neither a snippet (highlighting) nor facets nor
 * Elasticsearch's order needs no query. Read as of the last refresh (realtime false), as the
 * searches that ranked the jobs read them; a job deleted since is left out, as a search would.
 * The sort values carry each job's score in `jobs` (a hybrid page continues by offset).
 */
export async function jobsById(client: Client, index: string, jobs: readonly Scored[], source: string[] | true): Promise<JobHit[]> {
  const response = await client.mget<JobDocument>({ index, ids: jobs.map((job) => job.id), _source: source, realtime: false });
  const hits: JobHit[] = [];
  response.docs.forEach((doc, i) => {
    if (!('found' in doc) || !doc.found || !doc._source) return;
    hits.push({ doc: doc._source, sort: bestMatchSortValues(jobs[i].score, doc._source) });
  });
  return hits;
}
