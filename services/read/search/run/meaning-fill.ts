import type { Client, estypes } from '@elastic/elasticsearch';
import { RANKED_DEPTH, type SearchMeaningFill } from '../../../../shared/schemas/job-search';
import type { SearchParams } from '../params/params';
import { DEFAULT_FUSION, fuse, type Scored } from '../relevance/fusion';
import type { Prefetched } from './jobs-by-id';
import { nearestList, nextTurn } from './nearest-list';
import { rankedPage } from './ranked-page';
import type { JobHits } from './run-job-search';

/** A keyword page filled by meaning, how many of its ranked jobs the words found, and whether jobs outside the place named fill it. */
export type FilledPage = JobHits & { meaning_fill: SearchMeaningFill; filledElsewhere: boolean };

/** Paging of the lists a filled page is ranked from: the first RANKED_DEPTH jobs, no facets. */
export const atRankedDepth = (params: SearchParams): SearchParams => ({
  ...params,
  facets: [],
  paging: { limit: RANKED_DEPTH, offset: 0, scope: params.paging.scope },
});

/**
 * Keyword search's answer when its words find fewer than a page of jobs (./search-jobs decides):
 * those jobs first, in keyword order, then the jobs nearest in meaning to the query as it was
 * meant (its spelling corrections applied), RANKED_DEPTH jobs in all, paged as hybrid search
 * pages (rankedPage). The words' jobs keep their places: meaning only fills what would have
 * been an empty or short page. What such queries are: abbreviations and words few postings use
 * ("sdet", "hrbp", "nqn"), whose few matches left the seeker at the end of the list at once.
 *
 * A query that names a place ("i'm looking for weekend work as a kitchen porter in york") is
 * filled by the jobs nearest in meaning located there (`place`, its clause), then by those
 * elsewhere: its words had found fewer than a page even with the jobs elsewhere let in, and such
 * a query was left with nothing ("i'm a qualified gas engineer, any heating jobs near birmingham"
 * found one job, and no heating engineer).
 *
 * A list of topics (relevance: isTopicList) that found fewer than a page is filled by the jobs
 * with half its words (`halfTheWords`, their search) and those nearest in meaning, the two lists
 * fused by reciprocal rank as hybrid search fuses its own: "sage 50 vat returns" found no job with
 * three of its words, and meaning alone filled it with psychological wellbeing practitioners where
 * the jobs that ask for VAT returns were the answer (skill pairs on every judged set 0.843 ->
 * 0.854 nDCG@10, BM25 0.850; docs/decisions.md, round 44).
 *
 * `keyword` is the keyword search of the page asked for; `everyJob` searches all of its jobs,
 * ids only, for when that page does not hold them all (a later page, or a limit below their
 * number). `vector` embeds the query as meant and rejects when the model cannot; the answer is
 * then undefined, as when no job has a vector, and the caller gives the keyword page as it is
 * rather than failing a keyword search on the model.
 */
export async function fillByMeaning(
  client: Client,
  index: string,
  params: SearchParams,
  keyword: JobHits,
  everyJob: () => Promise<JobHits>,
  vector: () => Promise<Float32Array>,
  place?: estypes.QueryDslQueryContainer,
  halfTheWords?: () => Promise<JobHits>,
): Promise<FilledPage | undefined> {
  const idsOf = (found: JobHits): Scored[] => found.hits.map((hit) => ({ id: hit.doc.id, score: hit.sort[0] as number }));
  const allOnPage = params.paging.offset === 0 && !params.paging.after && keyword.hits.length >= keyword.total.value;
  const byWords = allOnPage ? Promise.resolve(idsOf(keyword)) : everyJob().then(idsOf);
  const byHalfTheWords = halfTheWords?.().then(idsOf);
  let embedded: Float32Array;
  try {
    await nextTurn(); // the searches by words, when asked for, go out before the model runs
    embedded = await vector();
  } catch {
    // Their answers are not read: a failure of either must not go unhandled.
    for (const unread of [byWords, byHalfTheWords]) unread?.catch(() => undefined);
    return undefined;
  }
  const [words, nearThere, nearest, partial] = await Promise.all([
    byWords,
    place ? nearestList(client, index, params, embedded, RANKED_DEPTH, place) : [],
    nearestList(client, index, params, embedded, RANKED_DEPTH),
    byHalfTheWords,
  ]);
  // The jobs with half a list's words and those near in meaning, fused as hybrid search fuses its two lists.
  const near = partial ? fuse(partial, nearest, DEFAULT_FUSION, RANKED_DEPTH) : nearest;
  const found = new Set(words.map((job) => job.id));
  const there = nearThere.filter((job) => !found.has(job.id));
  const seen = new Set([...found, ...there.map((job) => job.id)]);
  const ranked = [...words, ...there, ...near.filter((job) => !seen.has(job.id))].slice(0, RANKED_DEPTH);
  // Nothing near in meaning (an index whose jobs have no vectors yet): the keyword page as it is.
  if (ranked.length === words.length) return undefined;
  const filledElsewhere = place !== undefined && ranked.length > words.length + there.length;
  // The documents of the words' jobs came with the keyword page: only the jobs near in meaning are fetched.
  const prefetched: Prefetched | undefined = allOnPage
    ? { ids: found, docs: Promise.resolve(new Map(keyword.hits.map((hit) => [hit.doc.id, hit.doc]))) }
    : undefined;
  const page = await rankedPage(client, index, params, ranked, prefetched);
  return { ...page, meaning_fill: { word_matches: words.length }, filledElsewhere };
}
