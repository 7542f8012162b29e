import { setImmediate, setTimeout as delay } from 'node:timers/promises';
import type { Client } from '@elastic/elasticsearch';
import type { Database } from '../../shared/db/database';
import type { Logger } from '../../shared/logger';
import { KnownWords } from '../read';
import { meetsAll } from './anchors';
import { pushTo } from './push-to';
import { SearchCandidates } from './candidates';
import type { CompiledSearch } from './compile';
import { indexedJobs, jobTerms, matchingJobs } from './evaluate';
import { FieldAnalysis } from './field-analysis';
import { ScratchIndex } from './scratch-index';
import { TermFrequencies } from './term-frequencies';
import { recordMatches } from './record-matches';
import { claimQueuedJobs, releaseQueuedJobs, type QueuedJob } from './queue';
import { syncSavedSearches, type KnownSearch } from './saved-search-store';

export interface MatcherDeps {
  db: Database;
  /** A client with a timeout long enough for the matching requests (seconds at a hundred thousand searches). */
  search: Client;
  /** The alias search reads. */
  index: string;
  logger: Logger;
}

export interface MatcherOptions {
  batchSize: number;
  pollMs: number;
}

/** What one pass did. */
export interface MatchPass {
  /** Queue rows taken, and of those the jobs matched (the rest were not indexed at their version yet). */
  claimed: number;
  matchedJobs: number;
  /** Saved searches checked against the jobs in Elasticsearch (after the anchor terms narrowed them). */
  candidates: number;
  recorded: number;
  deliveries: number;
  /** Milliseconds from the oldest matched job's change to its matches being committed. */
  oldestLagMs?: number;
  /** Milliseconds of each step: loading saved searches, reading the jobs and their terms, asking Elasticsearch, recording. */
  ms?: Record<MatchStep, number>;
}

type MatchStep = 'sync' | 'read' | 'evaluate' | 'record';

/** Sums over the passes since start, for logs and the alerts benchmark. */
export interface MatcherTotals {
  passes: number;
  jobs: number;
  candidates: number;
  recorded: number;
  ms: Record<MatchStep, number>;
}

/** Seconds before a job not yet indexed at its version is looked at again, by attempts so far. */
const notIndexedDelay = (attempts: number) => Math.min(30, attempts);

/**
 * Matches changed jobs against every saved search (issue 31). A pass leases queued jobs, keeps
 * those the index holds at their version, narrows the saved searches to those whose anchor terms
 * the jobs have (./anchors), asks Elasticsearch which of those the jobs really match
 * (./evaluate), and records the matches with their job.matched deliveries and the end of the
 * rows in one transaction (./record-matches). Saved searches are loaded after the rows are
 * claimed, so a search saved before a job changed is always among them.
 */
export class SavedSearchMatcher {
  private readonly frequencies: TermFrequencies;
  private readonly searches: SearchCandidates;
  private readonly knownWords: KnownWords;
  private readonly analysis: FieldAnalysis;
  private readonly scratch: ScratchIndex;
  private loop: Promise<void> | undefined;
  private stopping = new AbortController();
  readonly totals: MatcherTotals = { passes: 0, jobs: 0, candidates: 0, recorded: 0, ms: { sync: 0, read: 0, evaluate: 0, record: 0 } };

  constructor(
    private readonly deps: MatcherDeps,
    private readonly options: MatcherOptions,
  ) {
    this.knownWords = new KnownWords(deps.search, deps.index);
    this.analysis = new FieldAnalysis(deps.search, deps.index);
    this.scratch = new ScratchIndex(deps.search, deps.index);
    this.frequencies = new TermFrequencies(deps.search, deps.index);
    this.searches = new SearchCandidates((term) => this.frequencies.of(term));
  }

  /** Loads and compiles the saved searches not known yet (a pass does it too; a start may do it ahead). */
  async sync(): Promise<{ added: number; removed: number; compiled: number }> {
    return syncSavedSearches(
      this.deps.db,
      this.searches,
      { knownWords: this.knownWords, analysis: this.analysis },
      this.deps.logger,
      (loaded) => this.frequencies.learn(loaded.flatMap((search) => search.conditions.flatMap((condition) => [...condition]))),
    );
  }

  /** Saved searches every job is a candidate for (no anchor terms). */
  get anyCount(): number {
    return this.searches.anyCount;
  }

  /** One pass over up to batchSize queued jobs. */
  async pass(): Promise<MatchPass> {
    const { db, search, index } = this.deps;
    const rows = await claimQueuedJobs(db, this.options.batchSize);
    if (rows.length === 0) return { claimed: 0, matchedJobs: 0, candidates: 0, recorded: 0, deliveries: 0 };
    const ms: Record<MatchStep, number> = { sync: 0, read: 0, evaluate: 0, record: 0 };
    let mark = performance.now();
    const lap = (step: MatchStep) => {
      const now = performance.now();
      ms[step] += now - mark;
      mark = now;
    };
    await this.sync();
    lap('sync');
    // No saved search: nothing to match, and nothing to ask of Elasticsearch (which may be down).
    if (this.searches.size === 0) {
      await recordMatches(
        db,
        [],
        rows.map((r) => r.id),
      );
      return { claimed: rows.length, matchedJobs: 0, candidates: 0, recorded: 0, deliveries: 0 };
    }
    const jobIds = [...new Set(rows.map((r) => r.jobId))];
    const indexed = await indexedJobs(search, index, jobIds);
    const ready = rows.filter((r) => (indexed.get(r.jobId)?.version ?? 0) >= r.version);
    const waiting = rows.filter((r) => !ready.includes(r));
    for (const [attempts, ids] of groupBy(waiting, (r) => notIndexedDelay(r.attempts))) await releaseQueuedJobs(db, ids, attempts);
    const readyJobs = [...new Set(ready.map((r) => r.jobId))];
    const { matches, candidates } =
      readyJobs.length > 0
        ? await this.match(new Map(readyJobs.map((id) => [id, indexed.get(id)!.source])), ready, lap)
        : { matches: [], candidates: 0 };
    const outcome = { recorded: 0, deliveries: 0 };
    for (const part of byJobs(ready, matches)) {
      const resolved = part.matches.map((m) => ({ savedSearchId: m.savedSearchId, job: indexed.get(m.jobId)! }));
      const done = await recordMatches(db, resolved, part.queueIds);
      outcome.recorded += done.recorded;
      outcome.deliveries += done.deliveries;
    }
    lap('record');
    const oldest = ready.reduce<Date | undefined>((min, r) => (!min || r.queuedAt < min ? r.queuedAt : min), undefined);
    const t = this.totals;
    t.passes++;
    t.jobs += readyJobs.length;
    t.candidates += candidates;
    t.recorded += outcome.recorded;
    for (const step of Object.keys(ms) as MatchStep[]) t.ms[step] += ms[step];
    return {
      claimed: rows.length,
      matchedJobs: readyJobs.length,
      candidates,
      ...outcome,
      ...(oldest ? { oldestLagMs: Date.now() - oldest.getTime() } : {}),
      ms,
    };
  }

  private async match(
    docs: ReadonlyMap<string, Record<string, unknown>>,
    rows: readonly QueuedJob[],
    lap: (step: MatchStep) => void,
  ): Promise<{ matches: { savedSearchId: string; jobId: string }[]; candidates: number }> {
    const { search } = this.deps;
    const scratchIds = await this.scratch.load(docs);
    try {
      const terms = await jobTerms(search, this.scratch.name, scratchIds, this.searches.fields());
      const candidateIds = new Set<string>();
      for (const [i, id] of scratchIds.entries()) {
        for (const searchId of this.searches.candidatesFor(terms.get(id) ?? new Set())) candidateIds.add(searchId);
        // The write process serves requests beside the matcher: a long pass must not hold its event loop.
        if (i % 10 === 9) await setImmediate();
      }
      const candidates = [...candidateIds].map((id) => this.searches.get(id) as KnownSearch);
      lap('read');
      const matched = await this.decide(candidates, scratchIds, terms);
      lap('evaluate');
      return { matches: this.since(matched, rows), candidates: candidates.length };
    } finally {
      await this.scratch.clear(scratchIds);
    }
  }

  /**
   * Which jobs each candidate matches. Candidates whose filters their conditions decide exactly
   * (`words`) are asked of Elasticsearch once per distinct words, and each keeps the jobs that
   * meet its conditions (its places, job types); the others are asked one by one.
   */
  private async decide(
    candidates: readonly KnownSearch[],
    scratchIds: readonly string[],
    terms: ReadonlyMap<string, ReadonlySet<string>>,
  ): Promise<Map<string, string[]>> {
    const byWords = new Map<string, KnownSearch[]>();
    const alone: CompiledSearch[] = [];
    for (const c of candidates) {
      if (c.words === undefined) alone.push(c);
      else pushTo(byWords, c.words.key, c);
    }
    // A group's searches share their words: the first one's query asks for all of them.
    const groups = [...byWords.values()].map((searches, i) => ({ id: `words:${i}`, searches, query: searches[0].words!.query }));
    const asked = [...alone, ...groups.map((g) => ({ id: g.id, userId: '', query: g.query, conditions: [] }))];
    const answered = await matchingJobs(this.deps.search, this.scratch.name, scratchIds, asked);
    const matched = new Map<string, string[]>();
    for (const search of alone) if (answered.has(search.id)) matched.set(search.id, answered.get(search.id)!);
    const termsOfJob = new Map<string, ReadonlySet<string>>();
    for (const id of scratchIds) termsOfJob.set(id.slice(id.indexOf(':') + 1), terms.get(id) ?? new Set());
    for (const [i, group] of groups.entries()) {
      if (i % 200 === 199) await setImmediate();
      const jobs = answered.get(group.id) ?? [];
      for (const search of group.searches) {
        const own = jobs.filter((job) => meetsAll(search.conditions, termsOfJob.get(job)!));
        if (own.length > 0) matched.set(search.id, own);
      }
    }
    return matched;
  }

  /** The matches of jobs changed after their saved search was saved. */
  private since(matched: ReadonlyMap<string, string[]>, rows: readonly QueuedJob[]): { savedSearchId: string; jobId: string }[] {
    const changedAt = new Map<string, Date>();
    for (const r of rows) if (!changedAt.has(r.jobId) || r.queuedAt > changedAt.get(r.jobId)!) changedAt.set(r.jobId, r.queuedAt);
    const matches: { savedSearchId: string; jobId: string }[] = [];
    for (const [savedSearchId, jobs] of matched) {
      const savedAt = (this.searches.get(savedSearchId) as KnownSearch).createdAt;
      for (const jobId of jobs) if (changedAt.get(jobId)! >= savedAt) matches.push({ savedSearchId, jobId });
    }
    return matches;
  }

  /** Runs passes in the background until stop(): at once while there is work, every pollMs when idle, with backoff after a failure. */
  start(): void {
    if (this.loop) return;
    this.stopping = new AbortController();
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    await this.loop;
    this.loop = undefined;
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (!this.stopping.signal.aborted) {
      let wait = this.options.pollMs;
      try {
        const done = await this.pass();
        failures = 0;
        if (done.claimed > 0) {
          this.deps.logger.debug({ pass: done }, 'saved-search matcher pass');
          if (done.matchedJobs > 0) wait = 0;
        }
      } catch (err) {
        failures++;
        wait = Math.min(30_000, this.options.pollMs * 2 ** Math.min(failures, 6));
        // The message only: an Elasticsearch error carries its request, megabytes of saved searches.
        this.deps.logger.warn(
          { error: String((err as Error).message).slice(0, 500), failures },
          'saved-search matcher pass failed; retrying',
        );
      }
      if (wait > 0) await sleep(wait, this.stopping.signal);
    }
  }
}

/**
 * Matches recorded a few jobs at a time, each part with its jobs' queue rows, so that no
 * transaction holds thousands of saved searches' locks for long (a job can match hundreds of
 * searches) and a failure redoes only its own part.
 */
export const MATCHES_PER_TRANSACTION = 5000;

function* byJobs(
  rows: readonly QueuedJob[],
  matches: readonly { savedSearchId: string; jobId: string }[],
): Generator<{ matches: { savedSearchId: string; jobId: string }[]; queueIds: string[] }> {
  const ofJob = new Map<string, { savedSearchId: string; jobId: string }[]>();
  for (const m of matches) pushTo(ofJob, m.jobId, m);
  const rowsOf = new Map<string, string[]>();
  for (const r of rows) pushTo(rowsOf, r.jobId, r.id);
  let part = { matches: [] as { savedSearchId: string; jobId: string }[], queueIds: [] as string[] };
  for (const [jobId, queueIds] of rowsOf) {
    part.matches.push(...(ofJob.get(jobId) ?? []));
    part.queueIds.push(...queueIds);
    if (part.matches.length >= MATCHES_PER_TRANSACTION) {
      yield part;
      part = { matches: [], queueIds: [] };
    }
  }
  if (part.queueIds.length > 0) yield part;
}

/** The ids of queue rows, by a key of each row. */
function groupBy<K>(rows: readonly QueuedJob[], keyOf: (row: QueuedJob) => K): Map<K, string[]> {
  const groups = new Map<K, string[]>();
  for (const row of rows) pushTo(groups, keyOf(row), row.id);
  return groups;
}

/** Waits `ms`, or less when stopped; the timer's listener on the signal goes with it (a long-running loop must not pile them up). */
async function sleep(ms: number, signal: AbortSignal): Promise<void> {
  await delay(ms, undefined, { signal }).catch(() => undefined);
}
