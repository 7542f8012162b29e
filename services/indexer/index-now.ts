import type { Client } from '@elastic/elasticsearch';
import type { Database } from '../../shared/db/database';
import type { Logger } from '../../shared/logger';
import type { CommittedJob } from '../../shared/jobs/job-document';
import { bulkIndexJobs, type BulkIndexOptions } from './bulk-index';
import { withStoredVectors } from './stored-vectors';

export type { CommittedJob };

/** What immediate indexing needs. */
export interface IndexNowDeps {
  db: Database;
  search: Client;
  /** The alias readers query (it names the write index). */
  alias: string;
  logger: Logger;
}

/**
 * Indexes jobs right after their transaction committed (with the stored vector of a text embedded
 * before: withStoredVectors), so they are readable at once, and drops
 * the outbox rows of those that made it. Best effort: any failure leaves the rows for the indexer
 * (the guarantee) and is only logged; it never fails the caller. Returns how many were indexed.
 */
export async function indexNow(deps: IndexNowDeps, jobs: readonly CommittedJob[], options: BulkIndexOptions = {}): Promise<number> {
  if (jobs.length === 0) return 0;
  try {
    const withVectors = await withStoredVectors(deps.db, jobs, deps.logger);
    const result = await bulkIndexJobs(deps.search, deps.alias, withVectors, { ...options, requireAlias: true });
    const done = new Set([...result.indexed, ...result.stale]);
    const outboxIds = jobs.filter((j) => done.has(j.doc.id)).map((j) => j.outboxId);
    if (result.failed.length > 0)
      deps.logger.warn(
        { failed: result.failed.slice(0, 5), count: result.failed.length },
        'immediate indexing failed for some jobs; the indexer will retry',
      );
    await deleteOutboxRows(deps.db, outboxIds);
    return done.size;
  } catch (err) {
    deps.logger.warn({ err, jobs: jobs.length }, 'immediate indexing failed; the indexer will retry');
    return 0;
  }
}

/**
 * Deletes the given outbox rows, skipping any an indexer is claiming at this instant (it will
 * index the same job and settle the row itself), so this never waits on an indexer's statement.
 */
async function deleteOutboxRows(db: Database, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.query(
    `DELETE FROM job_index_outbox
      WHERE id IN (SELECT id FROM job_index_outbox WHERE id = ANY($1::bigint[]) FOR UPDATE SKIP LOCKED)`,
    [ids],
  );
}
