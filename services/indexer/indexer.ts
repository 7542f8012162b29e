import type { Client } from '@elastic/elasticsearch';
import type { Database } from '../../shared/db/database';
import type { Logger } from '../../shared/logger';
import { DEFAULT_BACKOFF, retryDelayMs, type BackoffPolicy } from './backoff';
import { bulkIndexJobs, type BulkResult } from './bulk-index';
import { withStoredVectors } from './stored-vectors';
import type { DrainResult, IndexerCounters } from './metrics';
import { loadJobDocuments, toIndexable } from '../../shared/jobs/job-rows';
import type { Queryable } from '../../shared/db/queryable';

/** What the indexer talks to. */
export interface IndexerDeps {
  db: Database;
  /** A client with a timeout long enough for bulk requests (not the request path's short one). */
  search: Client;
  /** The alias readers query; it names the write index, so a reindex in progress is followed. */
  alias: string;
  logger: Logger;
  /** Throughput counters for /metrics (absent: the totals are only logged). */
  counters?: IndexerCounters;
}

/** How the indexer paces itself. */
export interface IndexerOptions {
  batchSize: number;
  /** How long an idle indexer waits before looking for due rows again. */
  pollMs: number;
  backoff?: BackoffPolicy;
  requestTimeoutMs?: number;
}

export type { DrainResult };

interface OutboxRow {
  id: string;
  job_id: string;
  attempts: number;
}

/** Thrown by a pass that stop() cut short, after its rows were handed back. */
class IndexerStopped extends Error {
  constructor() {
    super('the indexer was stopped during a bulk request');
  }
}

/** A pass that found Elasticsearch or PostgreSQL down: the background loop retries it with backoff. */
class DependencyDown extends Error {
  constructor(what: string, cause?: unknown) {
    super(what, { cause });
  }
}

/** Time a claimed row stays out of reach beyond the bulk request's own timeout: loading and settling. */
const LEASE_MARGIN_MS = 30_000;

const EMPTY: DrainResult = { claimed: 0, indexed: 0, stale: 0, failed: 0, unavailable: false };

/**
 * The outbox drainer, the guarantee behind "no job is ever lost": it leases due outbox rows
 * (claimed with FOR UPDATE SKIP LOCKED, so several indexers share the work and never take the same row),
 * indexes the current version of each job with the bulk API and external versioning (so a
 * replay or an older row never regresses a document), deletes the rows that made it, and gives
 * the others a later `next_attempt_at` with exponential backoff. Progress is the set of rows
 * still present, never an id cursor: ids are not commit order.
 */
export class OutboxIndexer {
  private running = false;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  /** Aborts the bulk request in flight when stop() is called. */
  private stopping = new AbortController();
  private readonly backoff: BackoffPolicy;
  /** Counters since start, for logs and metrics. */
  readonly totals = { batches: 0, indexed: 0, stale: 0, failed: 0 };

  constructor(
    private readonly deps: IndexerDeps,
    private readonly options: IndexerOptions,
  ) {
    this.backoff = options.backoff ?? DEFAULT_BACKOFF;
  }

  /** Starts draining in the background until stop(). */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.stopping = new AbortController();
    this.loop = this.run();
  }

  /**
   * Stops after the pass in progress. A bulk request still in flight is aborted and its rows are
   * handed back, due for the next indexer: a hung cluster cannot outlast a shutdown's
   * grace period, and no row is lost or charged an attempt.
   */
  async stop(): Promise<void> {
    this.running = false;
    this.stopping.abort();
    this.wake?.();
    await this.loop;
    this.loop = undefined;
  }

  /**
   * Claims up to one batch of due rows and indexes their jobs. No transaction stays open across
   * the bulk request: a session idle in transaction while Elasticsearch is slow would hold row
   * locks, and its loss (an admin's terminate, idle_in_transaction_session_timeout, a failover)
   * would cut the pass at its most fragile point. Claiming leases the rows instead (see claim);
   * settling them afterwards is one short statement each.
   */
  async drainOnce(): Promise<DrainResult> {
    const rows = await this.claim();
    if (rows.length === 0) return EMPTY;
    const q = this.deps.db;
    // Several rows of one job need one document: its current version covers them all.
    const docs = await loadJobDocuments(q, [...new Set(rows.map((r) => r.job_id))]);
    const jobs = await withStoredVectors(q, docs.map(toIndexable), this.deps.logger);
    let result: BulkResult;
    try {
      result = await bulkIndexJobs(this.deps.search, this.deps.alias, jobs, {
        requireAlias: true,
        requestTimeoutMs: this.requestTimeoutMs,
        signal: this.stopping.signal,
      });
    } catch (err) {
      if (this.stopping.signal.aborted) {
        // Handed back at once, uncharged; if even that fails, the lease runs out by itself.
        await q
          .query('UPDATE job_index_outbox SET next_attempt_at = now() WHERE id = ANY($1::bigint[])', [rows.map((r) => r.id)])
          .catch(() => undefined);
        throw new IndexerStopped();
      }
      await this.retryLater(q, rows, `bulk request failed: ${(err as Error).message ?? err}`);
      return { ...EMPTY, claimed: rows.length, failed: rows.length, unavailable: true };
    }
    const failedReason = new Map(result.failed.map((f) => [f.id, f.reason]));
    const existing = new Set(docs.map((d) => d.id));
    // A row whose job is gone has nothing left to index: it is done too.
    const done = rows.filter((r) => !existing.has(r.job_id) || !failedReason.has(r.job_id));
    const failed = rows.filter((r) => existing.has(r.job_id) && failedReason.has(r.job_id));
    if (done.length > 0) await q.query('DELETE FROM job_index_outbox WHERE id = ANY($1::bigint[])', [done.map((r) => r.id)]);
    if (failed.length > 0) await this.retryLater(q, failed, (r) => failedReason.get(r.job_id)!);
    return { claimed: rows.length, indexed: result.indexed.length, stale: result.stale.length, failed: failed.length, unavailable: false };
  }

  /**
   * Takes up to one batch of due rows by moving them out of reach for a lease: longer than the
   * bulk request may take, so no other indexer claims them while this one works (SKIP LOCKED keeps
   * two claims apart), and short enough that the rows of an indexer that died or lost its
   * connection mid-pass come due again by themselves. A replay is harmless: documents carry
   * external versions.
   */
  private claim(): Promise<OutboxRow[]> {
    return this.deps.db.query<OutboxRow>(
      `UPDATE job_index_outbox o
          SET next_attempt_at = now() + $2 * interval '1 millisecond'
         FROM (SELECT id FROM job_index_outbox
                WHERE next_attempt_at <= now()
                ORDER BY next_attempt_at
                LIMIT $1
                FOR UPDATE SKIP LOCKED) due
        WHERE o.id = due.id
        RETURNING o.id, o.job_id, o.attempts`,
      [this.options.batchSize, this.requestTimeoutMs + LEASE_MARGIN_MS],
    );
  }

  private get requestTimeoutMs(): number {
    return this.options.requestTimeoutMs ?? 30_000;
  }

  /** Drains until no row is due (tests, tools); returns the summed results. */
  async drainAll(): Promise<DrainResult> {
    const sum = { ...EMPTY };
    for (;;) {
      const r = await this.drainOnce();
      sum.claimed += r.claimed;
      sum.indexed += r.indexed;
      sum.stale += r.stale;
      sum.failed += r.failed;
      sum.unavailable ||= r.unavailable;
      if (r.claimed < this.options.batchSize || r.unavailable) return sum;
    }
  }

  private async retryLater(q: Queryable, rows: OutboxRow[], reason: string | ((row: OutboxRow) => string)): Promise<void> {
    const delays = rows.map((r) => retryDelayMs(r.attempts + 1, this.backoff));
    const reasons = rows.map((r) => (typeof reason === 'string' ? reason : reason(r)).slice(0, 1000));
    await q.query(
      `UPDATE job_index_outbox o
          SET attempts = o.attempts + 1,
              next_attempt_at = now() + u.delay_ms * interval '1 millisecond',
              last_error = u.reason
         FROM unnest($1::bigint[], $2::int[], $3::text[]) AS u(id, delay_ms, reason)
        WHERE o.id = u.id`,
      [rows.map((r) => r.id), delays, reasons],
    );
  }

  /**
   * The background loop: a pass, then the next one at once after a full batch, else after
   * pollMs. While a dependency is down, p-retry repeats the pass with backoff (baseMs, doubling,
   * up to maxMs; one warning per outage, not per pass); stop() aborts that wait.
   */
  private async run(): Promise<void> {
    const signal = this.stopping.signal;
    // p-retry is an ES module: import() loads it from this CommonJS build on any Node version.
    const { default: pRetry, AbortError } = await import('p-retry');
    const { logger } = this.deps;
    const pass = async (attempt: number): Promise<DrainResult> => {
      let r: DrainResult;
      try {
        r = await this.drainOnce();
      } catch (err) {
        // Every other failure becomes a DependencyDown: p-retry would not retry a TypeError.
        throw err instanceof IndexerStopped ? new AbortError(err) : new DependencyDown('the pass failed (PostgreSQL down?)', err);
      }
      if (r.claimed > 0) this.count(r);
      if (r.unavailable) throw new DependencyDown('the bulk request failed (Elasticsearch down or too slow)');
      if (attempt > 1) logger.info({ after: attempt - 1 }, 'indexer: dependencies answer again');
      return r;
    };
    while (this.running) {
      let r: DrainResult;
      try {
        r = await pRetry(pass, {
          retries: Infinity,
          factor: 2,
          minTimeout: this.backoff.baseMs,
          maxTimeout: this.backoff.maxMs,
          signal,
          onFailedAttempt: ({ error, attemptNumber }) => {
            // p-retry also reports here the abort of stop() seen after a pass: no outage.
            if (attemptNumber === 1 && !signal.aborted)
              logger.warn({ err: error.cause }, `indexer: ${error.message}; outbox rows wait and are retried with backoff`);
          },
        });
      } catch (err) {
        // stop() ended the retries: a bulk request it aborted (IndexerStopped), or the wait.
        if (signal.aborted) break;
        logger.error({ err }, 'indexer: the pass failed');
        r = EMPTY;
      }
      if (r.failed > 0) logger.warn({ failed: r.failed }, 'indexer: some documents were refused; they will be retried');
      // A full batch means there is more waiting: go on at once.
      if (r.claimed < this.options.batchSize && this.options.pollMs > 0 && this.running) await this.sleep(this.options.pollMs);
    }
  }

  private count(r: DrainResult): void {
    this.totals.batches++;
    this.totals.indexed += r.indexed;
    this.totals.stale += r.stale;
    this.totals.failed += r.failed;
    this.deps.counters?.record(r);
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }
}
