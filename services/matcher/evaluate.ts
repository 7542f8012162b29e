import { setImmediate } from 'node:timers/promises';
import type { Client, estypes } from '@elastic/elasticsearch';
import { inactiveJobs } from '../read';
import { anchorKey } from './anchors';
import type { CompiledSearch } from './compile';
import { calendarNow } from '../../shared/runtime/calendar';

/** A job as the index holds it when the matcher reads it: what a job.matched event tells about it. */
export interface IndexedJob {
  id: string;
  version: number;
  title: string;
  organization?: string;
  location?: string;
  /** The whole document, for the scratch index the searches are decided against. */
  source: Record<string, unknown>;
}

/**
 * The jobs of these ids as search sees them now (refreshed), with their versions: the matcher
 * waits for the version its queue row names, so it never matches a job's older text.
 */
export async function indexedJobs(client: Client, index: string, ids: readonly string[]): Promise<Map<string, IndexedJob>> {
  const answer = await client.search<Record<string, unknown>>({
    index,
    size: ids.length,
    query: { ids: { values: [...ids] } },
    version: true,
  });
  return new Map(
    answer.hits.hits.map((hit) => {
      const source = hit._source ?? {};
      const { title, organization, location } = source as { title: string; organization?: string; location?: string };
      return [hit._id as string, { id: hit._id as string, title, organization, location, version: hit._version ?? 0, source }];
    }),
  );
}

/** Every term of these jobs in these fields ("field\0term"), as the index holds them (./anchors). */
export async function jobTerms(
  client: Client,
  index: string,
  ids: readonly string[],
  fields: readonly string[],
): Promise<Map<string, Set<string>>> {
  const terms = new Map<string, Set<string>>(ids.map((id) => [id, new Set()]));
  if (fields.length === 0 || ids.length === 0) return terms;
  const answer = await client.mtermvectors({
    index,
    ids: [...ids],
    fields: [...fields],
    positions: false,
    offsets: false,
    payloads: false,
    term_statistics: false,
    field_statistics: false,
    // What search sees (refreshed), like indexedJobs and the check itself.
    realtime: false,
  });
  for (const doc of answer.docs) {
    const own = terms.get(doc._id as string);
    const vectors = (doc as { term_vectors?: Record<string, { terms: Record<string, unknown> }> }).term_vectors ?? {};
    for (const [field, vector] of Object.entries(vectors)) for (const term of Object.keys(vector.terms)) own?.add(anchorKey(field, term));
  }
  return terms;
}

/**
 * Saved searches per request: each is a filter of one `filters` aggregation, and its bucket lists
 * the jobs it matched. Elasticsearch accounts a request's parsed queries against its request
 * circuit breaker (60 % of the heap): 2 000 searches tripped it on a 512 MB node, so a request
 * the breaker refuses is split in two and each half asked again.
 */
export const SEARCHES_PER_REQUEST = 500;

/**
 * Which of these documents (ids in `index`) each saved search matches, by the job ids in their
 * `id` field, asked of Elasticsearch in requests of up to SEARCHES_PER_REQUEST searches: the
 * query is the documents' ids, and a `filters` aggregation runs every search over them, with
 * the job ids in each bucket. The searches run as filters (no
 * scoring), with the clauses search adds to leave out closed and expired jobs.
 */
export async function matchingJobs(
  client: Client,
  index: string,
  docIds: readonly string[],
  searches: readonly CompiledSearch[],
  now = calendarNow(),
): Promise<Map<string, string[]>> {
  const matched = new Map<string, string[]>();
  const mustNot = inactiveJobs(now);
  const ask = async (chunk: readonly CompiledSearch[]): Promise<void> => {
    const filters: Record<string, estypes.QueryDslQueryContainer> = {};
    for (const search of chunk) filters[search.id] = { bool: { ...(search.query?.bool as estypes.QueryDslBoolQuery), must_not: mustNot } };
    let answer;
    try {
      answer = await client.search({
        index,
        size: 0,
        query: { ids: { values: [...docIds] } },
        aggs: { searches: { filters: { filters }, aggs: { jobs: { terms: { field: 'id', size: docIds.length } } } } },
      });
    } catch (err) {
      if (!isCircuitBreaking(err) || chunk.length === 1) throw err;
      const half = Math.ceil(chunk.length / 2);
      await ask(chunk.slice(0, half));
      await ask(chunk.slice(half));
      return;
    }
    const buckets = (
      answer.aggregations?.searches as { buckets: Record<string, { doc_count: number; jobs: { buckets: { key: string }[] } }> }
    ).buckets;
    for (const [id, bucket] of Object.entries(buckets))
      if (bucket.doc_count > 0)
        matched.set(
          id,
          bucket.jobs.buckets.map((b) => b.key),
        );
  };
  for (let start = 0; start < searches.length; start += SEARCHES_PER_REQUEST) {
    await ask(searches.slice(start, start + SEARCHES_PER_REQUEST));
    // Building the next request's megabyte of JSON waits for the requests the process serves.
    await setImmediate();
  }
  return matched;
}

/** Elasticsearch refused the request for the memory it would take (429 circuit_breaking_exception). */
function isCircuitBreaking(err: unknown): boolean {
  return (
    (err as { meta?: { statusCode?: number } }).meta?.statusCode === 429 && String((err as Error).message).includes('circuit_breaking')
  );
}
