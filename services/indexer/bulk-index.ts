import type { Client } from '@elastic/elasticsearch';
import type { IndexableJob } from '../../shared/jobs/job-document';

export type { IndexableJob };

/** What became of each job of a bulk request. */
export interface BulkResult {
  indexed: string[];
  /** Already at this version or newer in the index: nothing to do. */
  stale: string[];
  failed: { id: string; reason: string }[];
}

/** How a bulk request is sent. */
export interface BulkIndexOptions {
  /** true: searchable when this returns (the create path); false: within the refresh interval. */
  refresh?: boolean | 'wait_for';
  /** The request path wants a short timeout; the indexer and reindex a long one. */
  requestTimeoutMs?: number;
  /**
   * Fail (and retry later) instead of letting Elasticsearch auto-create a plain index when the
   * target alias is missing: writers that target the alias set this.
   */
  requireAlias?: boolean;
  /** Aborts the request (the indexer's stop: a hung cluster must not hold up a shutdown). */
  signal?: AbortSignal;
}

/**
 * Indexes jobs with the bulk API and external versioning by the job's version, so a replay or a
 * late write never replaces a newer document (409 = the index already holds this version or a
 * newer one: done). Throws when the request as a whole fails (cluster down, timeout); per-document
 * failures come back in `failed`.
 */
export async function bulkIndexJobs(
  client: Client,
  index: string,
  jobs: readonly IndexableJob[],
  options: BulkIndexOptions = {},
): Promise<BulkResult> {
  const result: BulkResult = { indexed: [], stale: [], failed: [] };
  if (jobs.length === 0) return result;
  const operations = jobs.flatMap(({ doc, version }) => [
    { index: { _index: index, _id: doc.id, version, version_type: 'external' as const } },
    doc,
  ]);
  const response = await client.bulk(
    {
      operations,
      refresh: options.refresh ?? false,
      require_alias: options.requireAlias,
      filter_path: 'errors,items.*.status,items.*._id,items.*.error.type,items.*.error.reason',
    },
    { requestTimeout: options.requestTimeoutMs ?? 60_000, signal: options.signal },
  );
  for (const item of response.items ?? []) {
    const action = item.index!;
    const id = action._id as string;
    if (action.status >= 200 && action.status < 300) result.indexed.push(id);
    else if (action.status === 409) result.stale.push(id);
    else result.failed.push({ id, reason: `${action.error?.type ?? action.status}: ${action.error?.reason ?? ''}` });
  }
  return result;
}
