import type { ErrorCode, ErrorDetail } from '../../../shared/errors';
import { checkJobCreate, type JobCreateRequest } from '../../../shared/schemas/job-create';
import type { CommittedJob } from '../../../shared/jobs/job-document';
import { indexNow, type IndexNowDeps } from '../../indexer';
import { createJobsBatch } from './create-jobs-batch';

/** A line that was not imported, and why (the error the API would have answered). */
export interface RejectedLine {
  line: number;
  code: ErrorCode;
  message: string;
  details?: ErrorDetail[];
}

/** Counts reported while the import runs. */
export interface ImportProgress {
  /** Lines read so far (blank ones included). */
  lines: number;
  accepted: number;
  rejected: number;
}

/** The outcome of an import, line by line for the rejected ones. */
export interface ImportSummary {
  lines: number;
  accepted: number;
  rejected: RejectedLine[];
  /** Blank lines, ignored. */
  blank: number;
  /** Accepted jobs indexed by the import itself; the rest reach the index through the indexer. */
  indexedNow: number;
  tookMs: number;
  /** Set when `signal` stopped the import early: the first line not handled (see `fromLine`). */
  resumeFromLine?: number;
}

/** Who imports, and how. */
export interface ImportOptions {
  /** The recruiter the jobs are created for and by: the same membership rules as the API. */
  userId: string;
  batchSize?: number;
  /** Lines before this one (1-based) are skipped, to resume an interrupted import. */
  fromLine?: number;
  onProgress?: (progress: ImportProgress) => void;
  /**
   * Aborted (Ctrl-C), the import reads no further line: the lines read so far are still written
   * and indexed, and the summary says where to resume. Without it an interrupted import gives no
   * such line, and running the file again from the start would create its jobs twice.
   */
  signal?: AbortSignal;
}

/**
 * Bulk requests the import keeps in flight. One shard indexes one bulk request on one thread:
 * with two in flight, Elasticsearch uses a second core (raw bulk of 200 000 generated jobs on
 * two cores: 4 038 jobs/s with one, 6 248 with two).
 */
const BULKS_IN_FLIGHT = 2;

interface Pending {
  line: number;
  job: JobCreateRequest;
}

/**
 * Bulk import: every line of NDJSON is one job creation request, checked exactly as POST
 * /agents/jobs checks a body (same normalization, schema, references and membership), then
 * written in batches (one transaction per batch: jobs + outbox rows) and indexed in bulk while the
 * next batch is being written. A bad line is reported with its number and reason and never stops
 * the others. If the database fails mid-way, the error is thrown with `summary` and
 * `resumeFromLine` attached: every line before that one was handled (see `fromLine`).
 */
export async function importJobs(deps: IndexNowDeps, lines: AsyncIterable<string>, options: ImportOptions): Promise<ImportSummary> {
  const started = Date.now();
  const batchSize = options.batchSize ?? 1000;
  const fromLine = options.fromLine ?? 1;
  const summary: ImportSummary = { lines: 0, accepted: 0, rejected: [], blank: 0, indexedNow: 0, tookMs: 0 };
  let batch: Pending[] = [];
  let writing: Pending[] = [];
  // Bulk requests in flight, oldest first.
  const indexing: Promise<number>[] = [];
  const settle = async (keep: number) => {
    while (indexing.length > keep) summary.indexedNow += await indexing.shift()!;
  };
  const progress = () => options.onProgress?.({ lines: summary.lines, accepted: summary.accepted, rejected: summary.rejected.length });

  // The insert of the last full batch: one at a time, in file order, overlapping the reading and
  // checking of the next batch. Marked handled at once: its failure is thrown where it is awaited.
  let inserting: Promise<void> = Promise.resolve();
  const write = async (current: Pending[]) => {
    writing = current;
    const outcomes = await createJobsBatch(
      deps.db,
      options.userId,
      current.map((p) => p.job),
    );
    writing = [];
    const committed: CommittedJob[] = [];
    outcomes.forEach((outcome, i) => {
      if (outcome.ok) committed.push(outcome.job);
      else summary.rejected.push(rejectedLine(current[i].line, outcome.error));
    });
    summary.accepted += committed.length;
    // BULKS_IN_FLIGHT bulk requests at a time, overlapping the next batches' checks and inserts.
    await settle(BULKS_IN_FLIGHT - 1);
    indexing.push(indexNow(deps, committed, { refresh: false, requestTimeoutMs: 60_000 }));
    progress();
  };
  const flush = async () => {
    await inserting;
    if (batch.length === 0) return;
    const current = batch;
    batch = [];
    inserting = write(current);
    inserting.catch(() => undefined);
  };

  try {
    for await (const text of lines) {
      if (options.signal?.aborted) {
        summary.resumeFromLine = summary.lines + 1;
        break;
      }
      const line = ++summary.lines;
      if (line < fromLine) continue;
      if (text.trim() === '') {
        summary.blank++;
        continue;
      }
      const parsed = parseLine(text);
      const checked = parsed.ok ? checkJobCreate(parsed.value) : parsed;
      if (checked.ok) batch.push({ line, job: checked.value });
      else summary.rejected.push(rejectedLine(line, checked.error));
      if (batch.length >= batchSize) await flush();
      else if (line % 1000 === 0) progress();
    }
    await flush();
    await inserting;
  } catch (err) {
    // An insert still running may yet commit: the resume line must come after it if it does.
    await inserting.catch(() => undefined);
    await settle(0);
    summary.rejected.sort(byLine);
    summary.tookMs = Date.now() - started;
    const resumeFromLine = writing[0]?.line ?? batch[0]?.line ?? summary.lines + 1;
    throw Object.assign(err as Error, { summary, resumeFromLine });
  }
  await settle(0);
  // A batch's refusals by the database arrive after the next batch's refusals by the checks.
  summary.rejected.sort(byLine);
  summary.tookMs = Date.now() - started;
  progress();
  return summary;
}

const byLine = (a: RejectedLine, b: RejectedLine) => a.line - b.line;

/** The report of a refused line: the code, message and details the API would answer for it. */
function rejectedLine(line: number, error: { code: ErrorCode; message: string; details?: ErrorDetail[] }): RejectedLine {
  return { line, code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) };
}

function parseLine(
  text: string,
): { ok: true; value: unknown } | { ok: false; error: { code: ErrorCode; message: string; details?: ErrorDetail[] } } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (err) {
    return { ok: false, error: { code: 'invalid_request', message: `The line is not valid JSON (${(err as Error).message}).` } };
  }
}
