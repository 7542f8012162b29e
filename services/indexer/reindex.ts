import type { Client, estypes } from '@elastic/elasticsearch';
import type { Database } from '../../shared/db/database';
import { createVersionedIndex, indicesBehindAlias, newIndexName, swapAlias } from '../../shared/search/index-admin';
import { indexSettings } from '../../shared/search/index-definition';
import { bulkIndexJobs } from './bulk-index';
import { withStoredVectors } from './stored-vectors';
import { indexAllJobs, type IndexAllProgress } from './index-all';
import { loadJobDocuments, toIndexable } from '../../shared/jobs/job-rows';
import { queryableClient } from '../../shared/db/queryable';

/** Session advisory lock key: one reindex at a time per database. */
const REINDEX_LOCK = 7_310_001;

/** What a reindex talks to. */
export interface ReindexDeps {
  db: Database;
  /** A client with a long timeout (index creation and bulk requests). */
  search: Client;
  alias: string;
  /** The settings of the new index: indexSettingsFor(config), so that ES_REPLICAS applies. */
  settings?: estypes.IndicesIndexSettings;
}

/** Tuning and reporting of a reindex. */
export interface ReindexOptions {
  pageSize?: number;
  /** How long readers that resolved the alias just before the swap get to finish on the old index. */
  graceMs?: number;
  onProgress?: (progress: IndexAllProgress) => void | Promise<void>;
  /** One line per step, for the operator. */
  onStep?: (message: string) => void;
}

/** What a reindex did. */
export interface ReindexResult {
  index: string;
  /** The indices the alias pointed at before, now deleted. */
  previous: string[];
  copied: number;
  /** Jobs written while the copy ran, indexed again after the swap. */
  caughtUp: number;
  /** Of those, the ones that failed now and were handed to the outbox. */
  deferred: number;
  tookMs: number;
}

/** A reindex that could not (or must not) go on; its message is for the operator. */
export class ReindexError extends Error {}

/**
 * Rebuilds the index from Postgres with no gap for readers: a new versioned index is filled with
 * the bulk API (refresh off while filling), refreshed, and swapped behind the alias in one atomic
 * step; the old index is deleted after a grace period.
 *
 * Writes during the copy are not lost. Every writer (the create request, the indexer) sends a
 * job to the alias only after the job's transaction committed. So a write that still went to the
 * old index committed before the swap, and a second, short pass after the swap that re-sends
 * every job written since the copy began catches it; writes after the swap land in the new index
 * by themselves. "Written since the copy began" is decided by transaction ids, not clocks: the
 * rows whose xmin is at or after the oldest transaction still running when the copy began (a
 * superset of what the copy could miss). External versions make the second pass idempotent.
 */
export async function reindex(deps: ReindexDeps, options: ReindexOptions = {}): Promise<ReindexResult> {
  const started = Date.now();
  const step = options.onStep ?? (() => undefined);
  // The advisory lock belongs to this session: one connection held for the whole reindex, with
  // withClient's listener, so a server that ends the session fails the reindex, not the process.
  return deps.db.withClient(async (lock, discard) => {
    const [{ locked }] = (await lock.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [REINDEX_LOCK])).rows;
    if (!locked) throw new ReindexError('another reindex is running against this database; try again when it has finished');
    try {
      const leftovers = await deleteLeftovers(deps);
      if (leftovers.length > 0) step(`deleted ${leftovers.join(', ')}, left by an interrupted reindex`);
      const mark = await oldestRunningTransaction(deps.db);
      const index = await createVersionedIndex(deps.search, deps.alias, newIndexName(deps.alias), deps.settings);
      step(`created ${index}`);
      let copied: number;
      try {
        copied = await fill(deps, index, options);
      } catch (err) {
        await deps.search.indices.delete({ index }).catch(() => undefined);
        throw err;
      }
      const previous = await swapAlias(deps.search, deps.alias, index);
      step(`alias "${deps.alias}" now points at ${index}${previous.length ? ` (was ${previous.join(', ')})` : ''}`);
      const { sent: caughtUp, deferred } = await catchUp(deps, index, mark);
      step(`re-sent ${caughtUp} job(s) written during the copy${deferred ? `; ${deferred} left to the indexer` : ''}`);
      if (previous.length > 0) {
        await new Promise((resolve) => setTimeout(resolve, options.graceMs ?? 2000));
        await deps.search.indices.delete({ index: previous });
        step(`deleted ${previous.join(', ')}`);
      }
      return { index, previous, copied, caughtUp, deferred, tookMs: Date.now() - started };
    } finally {
      // A failed unlock must not hide how the reindex itself ended; closing the session frees the lock.
      await lock.query('SELECT pg_advisory_unlock($1)', [REINDEX_LOCK]).catch(discard);
    }
  });
}

/**
 * Deletes versioned indices of this alias that the alias does not point at: what a reindex that
 * died before its swap left behind. Safe under the advisory lock (no other reindex is filling one).
 */
async function deleteLeftovers(deps: ReindexDeps): Promise<string[]> {
  const current = await indicesBehindAlias(deps.search, deps.alias);
  if (current.length === 0) return [];
  const ours = new RegExp(`^${deps.alias}_v\\d{17}$`);
  const all = Object.keys(
    await deps.search.indices.get({
      index: `${deps.alias}_v*`,
      allow_no_indices: true,
      ignore_unavailable: true,
      filter_path: '*.settings.index.provided_name',
    }),
  );
  const leftovers = all.filter((name) => ours.test(name) && !current.includes(name));
  if (leftovers.length > 0) await deps.search.indices.delete({ index: leftovers });
  return leftovers;
}

/** The xid (xid8, as text) of the oldest transaction running now: every older one has ended. */
async function oldestRunningTransaction(db: Database): Promise<string> {
  const [{ xmin }] = await db.query<{ xmin: string }>('SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin');
  return xmin;
}

/** Copies every job into the new index with refresh off, then restores refresh and refreshes. */
async function fill(deps: ReindexDeps, index: string, options: ReindexOptions): Promise<number> {
  await deps.search.indices.putSettings({ index, settings: { refresh_interval: '-1' } });
  const result = await indexAllJobs(deps.db, deps.search, index, { pageSize: options.pageSize, onProgress: options.onProgress });
  if (result.failed.length > 0) {
    const sample = result.failed
      .slice(0, 3)
      .map((f) => `${f.id}: ${f.reason}`)
      .join('; ');
    throw new ReindexError(`${result.failed.length} job(s) could not be indexed (${sample}); the alias was left unchanged`);
  }
  await deps.search.indices.putSettings({ index, settings: { refresh_interval: (deps.settings ?? indexSettings).refresh_interval } });
  await deps.search.indices.refresh({ index });
  return result.indexed + result.stale;
}

/**
 * Re-sends the jobs whose current row was written by a transaction at or after `mark`. age(xmin)
 * counts transactions back from this one (whose id is fixed first), so it stays right across
 * xid wraparound. Anything that cannot be sent now is handed to the outbox (the indexer delivers it).
 */
async function catchUp(deps: ReindexDeps, index: string, mark: string): Promise<{ sent: number; deferred: number }> {
  const ids = await deps.db.transaction(async (client) => {
    const q = queryableClient(client);
    const [{ now }] = await q.query<{ now: string }>('SELECT pg_current_xact_id()::text AS now');
    const rows = await q.query<{ id: string }>('SELECT id FROM jobs WHERE age(xmin) <= $1::bigint - $2::bigint', [now, mark]);
    return rows.map((r) => r.id);
  });
  let sent = 0;
  let deferred = 0;
  for (let i = 0; i < ids.length; i += 1000) {
    const chunk = ids.slice(i, i + 1000);
    const docs = await loadJobDocuments(deps.db, chunk);
    const jobs = await withStoredVectors(deps.db, docs.map(toIndexable));
    const failed = await bulkIndexJobs(deps.search, index, jobs, { requestTimeoutMs: 60_000 }).then(
      (result) => result.failed.map((f) => f.id),
      () => chunk,
    );
    // The swap is done, so nothing may be dropped now: what did not make it goes to the outbox.
    if (failed.length > 0)
      await deps.db.query('INSERT INTO job_index_outbox (job_id, job_version) SELECT id, version FROM jobs WHERE id = ANY($1::uuid[])', [
        failed,
      ]);
    sent += docs.length - failed.length;
    deferred += failed.length;
  }
  await deps.search.indices.refresh({ index });
  return { sent, deferred };
}
