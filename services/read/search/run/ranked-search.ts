import type { Client } from '@elastic/elasticsearch';
import { RANKED_DEPTH } from '../../../../shared/schemas/job-search';
import type { SearchParams } from '../params/params';
import { buildSemanticRequest } from '../query/knn-request';
import { inBestMatchOrder, sourceOf } from '../query/search-request';
import { DEFAULT_FUSION, fuse, type Fusion, type Scored } from '../relevance/fusion';
import type { TypoPolicy } from '../relevance/relevance';
import { docsById, type Prefetched } from './jobs-by-id';
import { nearestList, nextTurn } from './nearest-list';
import { fetchedById, rankedPage } from './ranked-page';
import { runJobSearch, type JobHits } from './run-job-search';
import { searchJobs } from './search-jobs';

/** A semantic search's page: the nearest jobs under the filters, in the order asked for. */
export async function semanticSearch(client: Client, index: string, params: SearchParams, vector: Float32Array): Promise<JobHits> {
  return inBestMatchOrder(await runJobSearch(client, index, buildSemanticRequest(params, vector)), params.sort);
}

/**
 * How hybrid search runs its keyword list: with keyword mode's typo tolerance (fuzzy matching of
 * the words the index does not know, two edits forgiven in words of 7+ letters), with two edits
 * in titles only and one in the other short fields, with one edit at most, or with none; and with
 * keyword mode's relaxation (one word fewer required when fewer than a page match), or without.
 */
export interface KeywordLeg {
  typos: 'as keyword mode' | 'two edits in titles only' | 'one edit' | 'none';
  relax: boolean;
}

/**
 * The keyword list of hybrid search (docs/decisions.md, "What hybrid costs": measured on the
 * judged sets and for latency). It never relaxes: relaxing fills a short page with jobs that miss
 * a word, and in hybrid the kNN list fills it with jobs near in meaning, while the relaxed search
 * of a wish in plain words weighed every job with most of its common words.
 */
export const HYBRID_KEYWORD_LEG: KeywordLeg = { typos: 'two edits in titles only', relax: false };

const LONG_TYPOS = { 'two edits in titles only': 'titles', 'one edit': 'nowhere' } as const;

/** The typo policy of a keyword leg: keyword mode's, the same words forgiven fewer edits, or none forgiven (places, roles, rarities and corrections stay). */
export function legPolicy(policy: TypoPolicy | undefined, typos: KeywordLeg['typos']): TypoPolicy | undefined {
  if (!policy || typos === 'as keyword mode') return policy;
  const attributes = { places: policy.places, roles: policy.roles, rarity: policy.rarity, corrections: policy.corrections };
  if (typos === 'none') return Object.assign(() => false, attributes);
  // A new function: the policy given is settled and shared (KnownWords), never to be changed.
  return Object.assign((word: string) => policy(word), { ...attributes, longTypos: LONG_TYPOS[typos] });
}

/** The two ranked lists a hybrid search fuses, best first, ids and scores only. */
export interface HybridLists {
  keyword: Scored[];
  semantic: Scored[];
}

/** The two lists of a hybrid search as each arrives (the kNN list most often first). */
export interface PendingLists {
  keyword: Promise<Scored[]>;
  semantic: Promise<Scored[]>;
}

/**
 * Asks for the keyword and the kNN lists of a hybrid search, `length` jobs each at most, at the
 * same time: the keyword search (keyword mode's place, relaxation and typos as `leg` says) is
 * sent first, the query is embedded while Elasticsearch works on it (the model runs on this
 * thread, so only once the keyword request is out), then the kNN search is sent. Neither reads a
 * stored field: ids, scores (and creation times, for the keyword list's ties) come from doc values.
 */
export function askHybridLists(
  client: Client,
  index: string,
  params: SearchParams,
  embed: () => Promise<Float32Array>,
  typos: () => Promise<TypoPolicy | undefined>,
  length = RANKED_DEPTH,
  leg: KeywordLeg = HYBRID_KEYWORD_LEG,
): PendingLists {
  const { snippet: _snippet, ...shown } = params;
  const keywordParams: SearchParams = {
    ...shown,
    mode: 'keyword',
    sort: 'relevance',
    facets: [],
    paging: { limit: length, offset: 0, scope: params.paging.scope },
  };
  const keyword = typos()
    .then((policy) => searchJobs(client, index, keywordParams, legPolicy(policy, leg.typos), { relax: leg.relax, idsOnly: true }))
    .then((words) => words.hits.map((hit) => ({ id: hit.doc.id, score: hit.sort[0] as number })));
  // The model blocks this thread while it runs (onnxruntime-node): started at once, it held back the
  // keyword request, and a query embedded cold cost its whole time on top of both searches (the
  // two lists at 400 000 postings, median: 19.7 ms against 15.0 once the request goes out first, and
  // 12.1 with the vector cached). One turn of the event loop lets the keyword request be sent.
  const semantic = nextTurn()
    .then(embed)
    .then((vector) => nearestList(client, index, params, vector, length));
  return { keyword, semantic };
}

/** The two lists of askHybridLists, once both have arrived. */
export async function hybridLists(...args: Parameters<typeof askHybridLists>): Promise<HybridLists> {
  const pending = askHybridLists(...args);
  const [keyword, semantic] = await Promise.all([pending.keyword, pending.semantic]);
  return { keyword, semantic };
}

/**
 * A hybrid search's page: the keyword and kNN lists fused (DEFAULT_FUSION unless told), cut to
 * RANKED_DEPTH, paged by rankedPage. The kNN list mostly arrives first, and a page fetched by id is mostly its first
 * jobs (all of them when no job has every word of a query in plain words): those are fetched at
 * once, while the keyword list is still being searched, and only the page's other jobs after.
 */
export async function hybridSearch(
  client: Client,
  index: string,
  params: SearchParams,
  embed: () => Promise<Float32Array>,
  typos: () => Promise<TypoPolicy | undefined>,
  fusion: Fusion = DEFAULT_FUSION,
): Promise<JobHits> {
  return fusedPage(client, index, params, askHybridLists(client, index, params, embed, typos), fusion);
}

/** The page of two lists as they arrive, fused (hybridSearch); the kNN list's first jobs fetched while the keyword list is searched. */
export async function fusedPage(
  client: Client,
  index: string,
  params: SearchParams,
  pending: PendingLists,
  fusion: Fusion = DEFAULT_FUSION,
): Promise<JobHits> {
  const prefetched = fetchedById(params) ? prefetchFirst(client, index, params, pending.semantic) : undefined;
  const [keyword, semantic] = await Promise.all([pending.keyword, pending.semantic]);
  return rankedPage(client, index, params, fuse(keyword, semantic, fusion, RANKED_DEPTH), await prefetched);
}

/** The documents of the page's place in `list`, asked for as soon as it arrives; none if it fails (jobsById fetches them again). */
async function prefetchFirst(
  client: Client,
  index: string,
  params: SearchParams,
  list: Promise<Scored[]>,
): Promise<Prefetched | undefined> {
  const { offset, limit } = params.paging;
  const ids = (await list.catch(() => [])).slice(offset, offset + limit).map((job) => job.id);
  if (ids.length === 0) return undefined;
  return { ids: new Set(ids), docs: docsById(client, index, ids, sourceOf(params)).catch(() => new Map()) };
}
