import type { Client } from '@elastic/elasticsearch';
import type { JobDocument } from '../../../../shared/jobs/job-document';
import { canonicalUuid } from '../../../../shared/schemas/common';

/** A stored job and its version (the job's own version number: the indexer writes with external versioning). */
export interface FoundJob {
  doc: JobDocument;
  version: number;
}

/**
 * The job with this id, active or not; undefined when the id is malformed or unknown (or no
 * index exists yet). A real-time get: a job just indexed is readable before the next refresh.
 */
export async function findJob(client: Client, index: string, jobId: string): Promise<FoundJob | undefined> {
  const id = canonicalUuid(jobId);
  if (!id) return undefined;
  // The answer as Elasticsearch stores it: no _source filtering and no filter_path, each of which
  // makes the node parse and rewrite the answer (filter_path halved the get's throughput at 1 M
  // postings); presentJob never shows created_by, and the few metadata fields cost nothing to skip.
  const response = await client.get<JobDocument>({ index, id }, { ignore: [404] });
  return response.found ? { doc: response._source!, version: response._version! } : undefined;
}
