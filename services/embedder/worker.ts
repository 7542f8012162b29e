import type { Client } from '@elastic/elasticsearch';
import type { Queryable } from '../../shared/db/queryable';
import type { TextEmbedder } from '../../shared/embedding/text-embedder';
import type { Logger } from '../../shared/logger';
import { findStaleKeys, findUnembedded, loadCandidates, type Cursor } from './candidates';
import { embedBatch, NOTHING_DONE, type BatchOutcome } from './embed-batch';

/** What the worker talks to. */
export interface EmbeddingWorkerDeps {
  db: Queryable;
  /** A client with a timeout long enough for bulk requests. */
  search: Client;
  /** The alias readers query: documents are found through it. */
  alias: string;
  embedder: TextEmbedder;
  logger: Logger;
}

/** How the worker paces itself. */
export interface EmbeddingWorkerOptions {
  /** Documents per pass: read, embedded and written together. */
  batchSize: number;
  /** How long an idle worker waits before looking again. */
  pollMs: number;
  /**
   * A round (newest to oldest of the documents without a vector) starts again from the newest
   * after this long, so a job created during a long backfill waits at most about this long.
   */
  roundMs?: number;
  /** Documents an idle worker reads per page of the check for stale keys (0: no check). */
  keyCheckSize?: number;
  /** An idle worker checks a page of keys at most this often, so an idle index is read slowly. */
  keyCheckEveryMs?: number;
  requestTimeoutMs?: number;
  /** Waits after a failed pass: from baseMs, doubling, up to maxMs. */
  backoff?: { baseMs: number; maxMs: number };
}

/** One pass: what its batch did, and whether it began a round (at the newest document). */
export interface PassResult extends BatchOutcome {
  fromTop: boolean;
}

/** The counters since the worker started, for logs. */
export interface EmbeddingTotals {
  passes: number;
  docs: number;
  embedded: number;
  reused: number;
  unreadable: number;
  written: number;
  changed: number;
  failed: number;
  staleKeys: number;
}

const DEFAULTS = {
  roundMs: 30_000,
  keyCheckSize: 500,
  keyCheckEveryMs: 10_000,
  requestTimeoutMs: 30_000,
  backoff: { baseMs: 500, maxMs: 30_000 },
};

/**
 * The embedding worker: finds the open jobs whose document has no current vector, newest first,
 * a batch at a time, and gives them one (embedBatch: stored vectors reused, the rest embedded
 * once per text, stored, and written with the job's version as guard). It keeps no state of its
 * own: the index says what is left and the vectors store what was embedded, so a crash loses
 * nothing and a pass done twice changes nothing; several workers may run (they may then embed a
 * text twice, never write a wrong vector). When there is nothing to embed, it checks a page of
 * documents for keys that are not their text's (another model, another recipe of the text), and
 * embeds those.
 */
export class EmbeddingWorker {
  private readonly options: Required<EmbeddingWorkerOptions>;
  private cursor: Cursor | undefined;
  private roundStarted = 0;
  /** The round in progress wrote documents, or found some changed: the next one refreshes first (the first one too). */
  private roundTouched = true;
  private keyCheckCursor: Cursor | undefined;
  private running = false;
  private loop: Promise<void> | undefined;
  private stopping = new AbortController();
  private wake: (() => void) | undefined;
  readonly totals: EmbeddingTotals = {
    passes: 0,
    docs: 0,
    embedded: 0,
    reused: 0,
    unreadable: 0,
    written: 0,
    changed: 0,
    failed: 0,
    staleKeys: 0,
  };

  constructor(
    private readonly deps: EmbeddingWorkerDeps,
    options: EmbeddingWorkerOptions,
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  /**
   * One batch of the current round: the next documents without a vector, given theirs. A round
   * ends when a page comes back short or after roundMs; the next one starts from the newest
   * again, after a refresh when the last one wrote or met changed documents (so it sees them as
   * they are now, not as the last refresh had them); the worker's first round refreshes too, so
   * that a backfill right after an import sees every job.
   */
  async passOnce(): Promise<PassResult> {
    const fromTop = this.cursor === undefined;
    if (fromTop) {
      if (this.roundTouched) await this.deps.search.indices.refresh({ index: this.deps.alias }, this.transportOptions());
      this.roundTouched = false;
      this.roundStarted = Date.now();
    }
    const { batchSize, roundMs } = this.options;
    const page = await findUnembedded(this.deps.search, this.deps.alias, batchSize, this.cursor, this.requestOptions());
    const outcome = await embedBatch(this.deps, page.candidates, this.requestOptions());
    if (outcome.written + outcome.changed > 0) this.roundTouched = true;
    const roundOver = page.candidates.length < batchSize || Date.now() - this.roundStarted >= roundMs;
    this.cursor = roundOver ? undefined : page.cursor;
    this.count(outcome);
    return { ...outcome, fromTop };
  }

  /**
   * One page of the check for stale keys (findStaleKeys), going on from the last page; the stale
   * documents found are embedded like new ones. Answers the batch's outcome, how many documents
   * were read and whether that was the last page (the next check starts over from the newest).
   */
  async checkKeysOnce(size = this.options.keyCheckSize): Promise<BatchOutcome & { checked: number; ended: boolean }> {
    const page = await findStaleKeys(this.deps.search, this.deps.alias, size, this.keyCheckCursor, this.requestOptions());
    const ended = page.checked < size;
    this.keyCheckCursor = ended ? undefined : page.cursor;
    const candidates = await loadCandidates(this.deps.search, this.deps.alias, page.stale, this.requestOptions());
    const outcome = await embedBatch(this.deps, candidates, this.requestOptions());
    this.totals.staleKeys += page.stale.length;
    if (outcome.docs > 0) this.count(outcome);
    return { ...outcome, checked: page.checked, ended };
  }

  /**
   * Passes until no document is left without a vector (a round from the newest finds none), or
   * until a whole round neither wrote a document nor met a changed one (what is left keeps
   * failing; `failed` says why). For tools and tests; `onPass` sees each pass; `signal` ends it
   * after the pass in progress.
   */
  async drainAll(onPass?: (pass: PassResult) => void, signal?: AbortSignal): Promise<BatchOutcome> {
    const sum: BatchOutcome = { ...NOTHING_DONE, failed: [] };
    let progress = true;
    for (;;) {
      const pass = await this.passOnce();
      const moved = pass.written + pass.changed > 0;
      const done = pass.fromTop && (pass.docs === 0 || (!progress && !moved));
      if (pass.fromTop) progress = false;
      progress ||= moved;
      add(sum, pass);
      onPass?.(pass);
      if (done || signal?.aborted) return sum;
    }
  }

  /** Starts passing in the background until stop(). */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.stopping = new AbortController();
    this.loop = this.run();
  }

  /**
   * Stops after the pass in progress: a request in flight is aborted (what it was writing is
   * found again by the next worker); a model run in progress finishes first (it cannot be cut).
   */
  async stop(): Promise<void> {
    this.running = false;
    this.stopping.abort();
    this.wake?.();
    await this.loop;
    this.loop = undefined;
  }

  /**
   * The background loop: a pass, then the next one at once while passes make progress (write or
   * meet changed documents), else after pollMs; when idle, a page of the key check every
   * keyCheckEveryMs. A failed pass (a dependency down) is retried with backoff, warned about once.
   */
  private async run(): Promise<void> {
    const { logger } = this.deps;
    const { pollMs, keyCheckSize, keyCheckEveryMs, backoff } = this.options;
    let failures = 0;
    let lastKeyCheck = 0;
    let lastReport = { at: Date.now(), docs: 0 };
    while (this.running) {
      let idle: boolean;
      try {
        const pass = await this.passOnce();
        // A pass that could write nothing (documents refused) waits too: no tight loop over them.
        idle = pass.written + pass.changed === 0;
        if (pass.docs === 0 && keyCheckSize > 0 && Date.now() - lastKeyCheck >= keyCheckEveryMs) {
          lastKeyCheck = Date.now();
          idle = (await this.checkKeysOnce()).docs === 0;
        }
        if (failures > 0) logger.info({ after: failures }, 'embedder: passes succeed again');
        failures = 0;
        if (pass.failed.length > 0)
          logger.warn(
            { failed: pass.failed.slice(0, 5), count: pass.failed.length },
            'embedder: some documents were refused; they are tried again next round',
          );
      } catch (err) {
        if (this.stopping.signal.aborted) break;
        this.cursor = undefined;
        if (failures === 0) logger.warn({ err }, 'embedder: a pass failed (Elasticsearch or PostgreSQL down?); retrying with backoff');
        failures++;
        await this.sleep(Math.min(backoff.maxMs, backoff.baseMs * 2 ** (failures - 1)));
        continue;
      }
      if (Date.now() - lastReport.at >= 60_000 && this.totals.docs > lastReport.docs) {
        logger.info(this.totals, 'embedder: totals');
        lastReport = { at: Date.now(), docs: this.totals.docs };
      }
      if (idle && this.running) await this.sleep(pollMs);
    }
  }

  private count(outcome: BatchOutcome): void {
    const t = this.totals;
    t.passes++;
    t.docs += outcome.docs;
    t.embedded += outcome.embedded;
    t.reused += outcome.reused;
    t.unreadable += outcome.unreadable;
    t.written += outcome.written;
    t.changed += outcome.changed;
    t.failed += outcome.failed.length;
  }

  /** Options of a client call: its timeout, and stop()'s abort. */
  private transportOptions() {
    return { requestTimeout: this.options.requestTimeoutMs, signal: this.stopping.signal };
  }

  /** The same, for the helpers of ./candidates and ./write-vectors. */
  private requestOptions() {
    return { requestTimeoutMs: this.options.requestTimeoutMs, signal: this.stopping.signal };
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

/** Adds a batch's outcome to a sum, in place. */
function add(sum: BatchOutcome, outcome: BatchOutcome): BatchOutcome {
  sum.docs += outcome.docs;
  sum.embedded += outcome.embedded;
  sum.reused += outcome.reused;
  sum.unreadable += outcome.unreadable;
  sum.written += outcome.written;
  sum.changed += outcome.changed;
  sum.failed.push(...outcome.failed);
  return sum;
}
