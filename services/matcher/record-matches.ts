import type { Database } from '../../shared/db/database';
import { queryableClient, type Queryable } from '../../shared/db/queryable';
import { eventPayload } from '../../shared/webhooks/events';
import { newMessageId } from '../../shared/webhooks/signing';
import type { IndexedJob } from './evaluate';
import { pushTo } from './push-to';
import { finishQueuedJobs } from './queue';

/** A job that matched a saved search, with the version it matched at. */
export interface Match {
  savedSearchId: string;
  job: IndexedJob;
}

export interface RecordOutcome {
  /** Matches recorded now (a job already recorded for the search is not recorded again). */
  recorded: number;
  deliveries: number;
}

/**
 * Records matches and their job.matched deliveries, and removes the queue rows they came from,
 * in one transaction: a crash before it commits leaves the rows to be matched again, one after
 * leaves nothing to redo, so each match is recorded once and each delivery queued once.
 *
 * Each saved search's matches are numbered from its match_seq while its row is locked (in id
 * order, so two matchers never deadlock): no match can commit below a number a reader has seen,
 * which is what lets GET .../matches read "after n" without missing any.
 */
export async function recordMatches(db: Database, matches: readonly Match[], queueIds: readonly string[]): Promise<RecordOutcome> {
  return db.transaction(async (client) => {
    const q = queryableClient(client);
    const outcome = matches.length > 0 ? await recordIn(q, matches) : { recorded: 0, deliveries: 0 };
    await finishQueuedJobs(q, queueIds);
    return outcome;
  });
}

async function recordIn(q: Queryable, matches: readonly Match[]): Promise<RecordOutcome> {
  const searchIds = [...new Set(matches.map((m) => m.savedSearchId))].sort();
  const searches = await q.query<{ id: string; user_id: string; name: string | null; match_seq: string }>(
    'SELECT id, user_id, name, match_seq FROM saved_searches WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE',
    [searchIds],
  );
  const live = new Map(searches.map((s) => [s.id, { ...s, seq: Number(s.match_seq) }]));
  const candidates = matches.filter((m) => live.has(m.savedSearchId));
  // The batch's jobs' matches so far, by the job index: few (a new job has none; an edited one
  // those of its earlier versions). A join with the pairs let the planner hash the whole matches
  // table, a million rows at 100 000 saved searches.
  const seen = await q.query<{ saved_search_id: string; job_id: string }>(
    'SELECT saved_search_id, job_id FROM saved_search_matches WHERE job_id = ANY($1::uuid[])',
    [[...new Set(candidates.map((m) => m.job.id))]],
  );
  const already = new Set(seen.map((r) => `${r.saved_search_id} ${r.job_id}`));
  const fresh: (Match & { seq: number })[] = [];
  for (const match of candidates) {
    const pair = `${match.savedSearchId} ${match.job.id}`;
    if (already.has(pair)) continue;
    already.add(pair);
    const search = live.get(match.savedSearchId)!;
    fresh.push({ ...match, seq: ++search.seq });
  }
  if (fresh.length === 0) return { recorded: 0, deliveries: 0 };
  const matchedAt = new Date();
  // One JSON parameter rather than four arrays: pg escapes every element of an array parameter in
  // JavaScript, which cost more than the insert at thousands of matches a transaction.
  await q.query(
    `INSERT INTO saved_search_matches (saved_search_id, seq, job_id, job_version, matched_at)
     SELECT s, n, j, v, $2 FROM json_to_recordset($1::json) AS f(s uuid, n bigint, j uuid, v bigint)`,
    [JSON.stringify(fresh.map((m) => ({ s: m.savedSearchId, n: m.seq, j: m.job.id, v: m.job.version }))), matchedAt],
  );
  const bumped = [...live.values()].filter((s) => s.seq !== Number(s.match_seq));
  await q.query('UPDATE saved_searches s SET match_seq = b.seq FROM unnest($1::uuid[], $2::bigint[]) AS b(id, seq) WHERE s.id = b.id', [
    bumped.map((s) => s.id),
    bumped.map((s) => s.seq),
  ]);
  const deliveries = await queueDeliveries(q, fresh, live, matchedAt);
  return { recorded: fresh.length, deliveries };
}

/** One job.matched delivery per match and active subscription: of that saved search, or of all its owner's. */
async function queueDeliveries(
  q: Queryable,
  fresh: readonly (Match & { seq: number })[],
  searches: ReadonlyMap<string, { user_id: string; name: string | null }>,
  matchedAt: Date,
): Promise<number> {
  const userIds = [...new Set([...searches.values()].map((s) => s.user_id))];
  const subscriptions = await q.query<{ id: string; user_id: string; saved_search_id: string | null }>(
    `SELECT id, user_id, saved_search_id FROM webhook_subscriptions
      WHERE status = 'active' AND 'job.matched' = ANY(events)
        AND (saved_search_id = ANY($1::uuid[]) OR (saved_search_id IS NULL AND user_id = ANY($2::uuid[])))`,
    [[...searches.keys()], userIds],
  );
  if (subscriptions.length === 0) return 0;
  // A batch holds thousands of matches and few subscriptions: each match looks up its own.
  const ofSearch = new Map<string, string[]>();
  const ofUser = new Map<string, string[]>();
  for (const s of subscriptions) {
    if (s.saved_search_id === null) pushTo(ofUser, s.user_id, s.id);
    else pushTo(ofSearch, s.saved_search_id, s.id);
  }
  const rows: { id: string; subscription: string; payload: string }[] = [];
  for (const match of fresh) {
    const search = searches.get(match.savedSearchId)!;
    const subscribed = [...(ofSearch.get(match.savedSearchId) ?? []), ...(ofUser.get(search.user_id) ?? [])];
    if (subscribed.length === 0) continue;
    const data = {
      saved_search_id: match.savedSearchId,
      saved_search_name: search.name,
      job: {
        id: match.job.id,
        title: match.job.title,
        organization: match.job.organization ?? null,
        location: match.job.location ?? null,
        url: `/agents/jobs/${match.job.id}`,
      },
      job_version: match.job.version,
      matched_at: matchedAt.toISOString(),
    };
    for (const subscription of subscribed)
      rows.push({ id: newMessageId(), subscription, payload: eventPayload('job.matched', data, matchedAt) });
  }
  if (rows.length === 0) return 0;
  await q.query(
    `INSERT INTO webhook_deliveries (id, subscription_id, event_type, payload)
     SELECT id, s, 'job.matched', p FROM unnest($1::text[], $2::uuid[], $3::text[]) AS d(id, s, p)`,
    [rows.map((r) => r.id), rows.map((r) => r.subscription), rows.map((r) => r.payload)],
  );
  return rows.length;
}
