import type { Client } from '@elastic/elasticsearch';
import type { JobDocument } from '../../../shared/jobs/job-document';
import { canonicalUuid } from '../../../shared/schemas/common';
import { JOB_SOURCE_FIELDS } from './source-fields';

/**
 * The job with this id, active or not; undefined when the id is malformed or unknown (or no
 * index exists yet). A real-time get: a job just indexed is readable before the next refresh.
 */
export async function findJob(client: Client, index: string, jobId: string): Promise<JobDocument | undefined> {
  const id = canonicalUuid(jobId);
  if (!id) return undefined;
  const response = await client.get<JobDocument>(
    { index, id, _source_includes: JOB_SOURCE_FIELDS, filter_path: 'found,_source' },
    { ignore: [404] },
  );
  return response.found ? response._source : undefined;
}
