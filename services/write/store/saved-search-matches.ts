import type { Database } from '../../../shared/db/database';
import { queryableClient } from '../../../shared/db/queryable';
import type { JobDocument } from '../../../shared/jobs/job-document';
import { loadJobDocuments } from '../../../shared/jobs/job-rows';

/** One match read: its number, when it was found, and the job as it is now. */
export interface MatchRow {
  seq: bigint;
  matched_at: string;
  doc: JobDocument;
}

/** A read of a saved search's matches: where it started, what it found, whether more follow. */
export interface MatchRead {
  /** The number the read started after (the cursor's, else the read position). */
  after: bigint;
  /** The number it ended at: its last match's, or `after` when it read none. */
  last: bigint;
  /** The last match number the saved search has given: a cursor past it was not made by this API. */
  matchSeq: bigint;
  matches: MatchRow[];
  hasMore: boolean;
}

/**
 * Reads up to `limit` matches of one of the user's saved searches after `after` (absent: after its
 * read position), oldest first, and moves the read position past the last one read, in one
 * transaction; undefined when the saved search is not theirs or unknown. `id` must be a UUID.
 *
 * Why no match is missed or given twice: the matcher numbers a search's matches under its row's
 * lock and commits each number before the next can be taken, so every snapshot holds all the
 * matches up to the highest number it sees, and reading "after n" can skip none. The row is
 * locked here too (FOR NO KEY UPDATE, which leaves the matches' foreign-key checks free), so two
 * readers without a cursor read one after the other, the second from where the first left off.
 * A read past `matchSeq` reads nothing and moves nothing; the caller refuses such a cursor.
 */
export async function readMatches(
  db: Database,
  userId: string,
  id: string,
  after: bigint | undefined,
  limit: number,
): Promise<MatchRead | undefined> {
  return db.transaction(async (client) => {
    const q = queryableClient(client);
    const [search] = await q.query<{ read_seq: string; match_seq: string }>(
      `SELECT read_seq::text, match_seq::text FROM saved_searches WHERE id = $1 AND user_id = $2 FOR NO KEY UPDATE`,
      [id, userId],
    );
    if (!search) return undefined;
    const start = after ?? BigInt(search.read_seq);
    const matchSeq = BigInt(search.match_seq);
    if (start > matchSeq) return { after: start, last: start, matchSeq, matches: [], hasMore: false };
    // Ordered by the table's bigint column: the output column `seq` is text, and ORDER BY a bare
    // name takes the output column, which put 10 before 9 and skipped or repeated matches.
    const rows = await q.query<{ seq: string; job_id: string; matched_at: string }>(
      `SELECT m.seq::text AS seq, m.job_id, to_char(m.matched_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS matched_at
         FROM saved_search_matches m WHERE m.saved_search_id = $1 AND m.seq > $2 ORDER BY m.seq LIMIT $3`,
      [id, start.toString(), limit + 1],
    );
    const page = rows.slice(0, limit);
    const last = page.length > 0 ? BigInt(page[page.length - 1].seq) : start;
    if (page.length > 0)
      await q.query(`UPDATE saved_searches SET read_seq = GREATEST(read_seq, $2::bigint) WHERE id = $1`, [id, last.toString()]);
    const docs = new Map(
      (
        await loadJobDocuments(
          q,
          page.map((row) => row.job_id),
        )
      ).map((doc) => [doc.id, doc]),
    );
    const matches: MatchRow[] = [];
    for (const row of page) {
      // A match's job is deleted with it (ON DELETE CASCADE); one deleted between the two reads is left out.
      const doc = docs.get(row.job_id);
      if (doc) matches.push({ seq: BigInt(row.seq), matched_at: row.matched_at, doc });
    }
    return { after: start, last, matchSeq, matches, hasMore: rows.length > limit };
  });
}
