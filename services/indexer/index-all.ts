import type { Client } from '@elastic/elasticsearch';
import type { Database } from '../../shared/db/database';
import { bulkIndexJobs } from './bulk-index';
import { withStoredVectors } from './stored-vectors';
import { loadJobDocumentPage, toIndexable } from '../../shared/jobs/job-rows';

/** Jobs copied so far out of all jobs. */
export interface IndexAllProgress {
  done: number;
  total: number;
}

/**
 * Copies every job from Postgres into `index` with the bulk API, page by page (keyset on id),
 * with external versions, so it may run while the indexer writes newer versions; each job with
 * the stored vector of its text, when there is one (withStoredVectors). The next page is
 * read from Postgres while the current one is being indexed; a promise from onProgress is awaited
 * (a caller may pace the copy). Returns what happened to each job.
 */
export async function indexAllJobs(
  db: Database,
  search: Client,
  index: string,
  options: { pageSize?: number; onProgress?: (p: IndexAllProgress) => void | Promise<void> } = {},
): Promise<{ indexed: number; stale: number; failed: { id: string; reason: string }[] }> {
  const pageSize = options.pageSize ?? 1000;
  const [{ count }] = await db.query<{ count: string }>('SELECT count(*) FROM jobs');
  const total = Number(count);
  const totals = { indexed: 0, stale: 0, failed: [] as { id: string; reason: string }[] };
  let page = await loadJobDocumentPage(db, null, pageSize);
  while (page.length > 0) {
    const next = page.length < pageSize ? Promise.resolve([]) : loadJobDocumentPage(db, page[page.length - 1].id, pageSize);
    // A rejected prefetch is reported by the await below, not as an unhandled rejection.
    next.catch(() => undefined);
    const jobs = await withStoredVectors(db, page.map(toIndexable));
    const result = await bulkIndexJobs(search, index, jobs, { requestTimeoutMs: 120_000 });
    totals.indexed += result.indexed.length;
    totals.stale += result.stale.length;
    totals.failed.push(...result.failed);
    await options.onProgress?.({
      done: totals.indexed + totals.stale + totals.failed.length,
      total: Math.max(total, totals.indexed + totals.stale + totals.failed.length),
    });
    page = await next;
  }
  await search.indices.refresh({ index });
  return totals;
}
