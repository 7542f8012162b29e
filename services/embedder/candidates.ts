import type { Client, estypes } from '@elastic/elasticsearch';
import { embeddingKeyOf, embeddingTextOf } from '../../shared/embedding/job-text';
import type { JobDocument } from '../../shared/jobs/job-document';

/** A document to embed as a search found it: where it lives, its version (the job's), its content. */
export interface Candidate {
  index: string;
  id: string;
  version: number;
  doc: JobDocument;
}

/** Where a page of documents ended: the next page starts after it. */
export type Cursor = estypes.SortResults;

/** A page of candidates and where it ended (undefined: nothing was found). */
export interface CandidatePage {
  candidates: Candidate[];
  cursor?: Cursor;
}

/** Newest first, as the index keeps its segments (cheap to read in this order), then by id. */
const ORDER: estypes.Sort = [{ created_at: 'desc' }, { id: 'asc' }];

/** Open jobs, as the read side shows them: the flag on, and no closing date before today (UTC). */
const OPEN: estypes.QueryDslQueryContainer[] = [
  { term: { is_active: true } },
  {
    bool: {
      should: [{ bool: { must_not: { exists: { field: 'closing_date' } } } }, { range: { closing_date: { gte: 'now/d' } } }],
      minimum_should_match: 1,
    },
  },
];

/** Open jobs whose document has no embedding key: never embedded, or written since with a text no stored vector has. */
const UNEMBEDDED: estypes.QueryDslQueryContainer = {
  bool: { filter: OPEN, must_not: [{ exists: { field: 'embedding_key' } }] },
};

/** Open jobs that have a key: the ones whose key may be stale (another model, another text recipe). */
const EMBEDDED: estypes.QueryDslQueryContainer = { bool: { filter: [...OPEN, { exists: { field: 'embedding_key' } }] } };

/** What a request of the worker takes besides its body. */
export interface RequestOptions {
  requestTimeoutMs?: number;
  signal?: AbortSignal;
}

const transport = (options: RequestOptions) => ({ requestTimeout: options.requestTimeoutMs ?? 30_000, signal: options.signal });

function toCandidates(hits: estypes.SearchHit<JobDocument>[]): Candidate[] {
  return hits.map((hit) => ({ index: hit._index, id: hit._id!, version: hit._version!, doc: hit._source! }));
}

/**
 * The next `size` open jobs without a vector, after `after`, newest first. What a search sees is
 * as of the last refresh: a document rewritten since may come with its older version, which the
 * write then refuses (see writeVectors).
 */
export async function findUnembedded(
  client: Client,
  alias: string,
  size: number,
  after: Cursor | undefined,
  options: RequestOptions = {},
): Promise<CandidatePage> {
  const response = await client.search<JobDocument>(
    { index: alias, size, query: UNEMBEDDED, sort: ORDER, search_after: after, version: true, track_total_hits: false },
    transport(options),
  );
  const hits = response.hits.hits;
  return { candidates: toCandidates(hits), cursor: hits.at(-1)?.sort };
}

/** How many open jobs have no vector now (as of the last refresh): a progress bar's total. */
export async function countUnembedded(client: Client, alias: string, options: RequestOptions = {}): Promise<number> {
  return (await client.count({ index: alias, query: UNEMBEDDED }, transport(options))).count;
}

/** A page of the check for stale keys: the documents read, and those whose key is not their text's. */
export interface KeyCheckPage {
  checked: number;
  stale: string[];
  cursor?: Cursor;
}

/**
 * Reads `size` open jobs that have a key, after `after` (their texts' fields only), and answers
 * the ids of those whose key is not the key of their text now: a vector made by another model or
 * from another recipe of the text (a key is never stale otherwise: every full write of a document
 * sets the key of its own text, or none).
 */
export async function findStaleKeys(
  client: Client,
  alias: string,
  size: number,
  after: Cursor | undefined,
  options: RequestOptions = {},
): Promise<KeyCheckPage> {
  const response = await client.search<Pick<JobDocument, 'title' | 'skills' | 'description' | 'embedding_key'>>(
    {
      index: alias,
      size,
      query: EMBEDDED,
      sort: ORDER,
      search_after: after,
      track_total_hits: false,
      _source: { includes: ['title', 'skills', 'description', 'embedding_key'] },
    },
    transport(options),
  );
  const hits = response.hits.hits;
  const stale = hits.filter((hit) => {
    const doc = hit._source!;
    return doc.embedding_key !== embeddingKeyOf(embeddingTextOf({ ...doc, skills: doc.skills ?? [] }));
  });
  return { checked: hits.length, stale: stale.map((hit) => hit._id!), cursor: hits.at(-1)?.sort };
}

/**
 * The documents of these ids as they are now (a real-time get, not the last refresh's view),
 * whole, with their versions; ids not found are left out.
 */
export async function loadCandidates(
  client: Client,
  alias: string,
  ids: readonly string[],
  options: RequestOptions = {},
): Promise<Candidate[]> {
  if (ids.length === 0) return [];
  const response = await client.mget<JobDocument>({ index: alias, ids: [...ids] }, transport(options));
  return response.docs.flatMap((doc) =>
    'found' in doc && doc.found ? [{ index: doc._index, id: doc._id, version: doc._version!, doc: doc._source! }] : [],
  );
}
