import type { Client } from '@elastic/elasticsearch';
import type { SearchDescribed, SearchMeaningFill, SearchPlace, SearchSpelling } from '../../../../shared/schemas/job-search';
import type { SearchParams } from '../params/params';
import {
  canRelax,
  isTopicList,
  meantQuery,
  namedPlaceClause,
  namedPlaces,
  STRICT,
  type MatchMode,
  type TypoPolicy,
} from '../relevance/relevance';
import { atRankedDepth, fillByMeaning } from './meaning-fill';
import { runJobSearch, type JobHits } from './run-job-search';
import { ID_ONLY } from '../query/source-fields';
import { buildSearchRequest, inBestMatchOrder, ROLE_IN_PLACE } from '../query/search-request';
import { withSnippet } from '../query/snippet';

/**
 * Fewer jobs than this in the place a query names whose title names the role (relevance:
 * roleInTitle), and jobs elsewhere follow them: a page of the default size. A seeker who names a
 * city wants the jobs there; three physiotherapists in Leeds and then those elsewhere serve
 * "physiotherapist leeds" better than three results.
 */
export const ENOUGH_IN_PLACE = 10;

/**
 * Fewer jobs than this with every word, and jobs that miss one are let in below them (relevance:
 * RELAXED_WORDS_MATCHED): a page of the default size. Let in below 100, partial matches with one
 * rare word in the title outranked full ones on the real postings ("aws docker" fell from 0.998
 * to 0.401 nDCG@10).
 */
export const RELAX_BELOW = 10;

/** The hits of a search, where they are when its query names a place, how words the index does not know were read, whether meaning filled the page, and whether it was ranked as a description of the work (./search-described). */
export type SearchOutcome = JobHits & {
  place?: SearchPlace;
  spelling?: SearchSpelling;
  meaning_fill?: SearchMeaningFill;
  described?: SearchDescribed;
};

/**
 * The hits of a search page, best match first, asked for as strictly as finds enough
 * (relevance: MatchMode). A place the query names is required first; with fewer than
 * ENOUGH_IN_PLACE jobs there, its jobs come first and jobs elsewhere follow, and the outcome
 * says so. When fewer than RELAX_BELOW jobs have all the words, a query of two terms or more is
 * run once more with one fewer required (relevance: RELAXED_WORDS_MATCHED). Each further request
 * costs only the searches that found too little, and since each choice depends on the totals
 * alone, every page of the same search makes the same choices (a page the words leave short is
 * filled by `meaning`, the query's vector, after the jobs they found: ./meaning-fill).
 * `relax: false` never relaxes nor fills; `idsOnly` fetches no stored field, only each hit's id
 * and creation time from doc values (hybrid search's keyword list: reading 100 documents'
 * sources took a third of its time on the real postings, and even their _ids a sixth at 400 000
 * postings).
 */
export async function searchJobs(
  client: Client,
  index: string,
  params: SearchParams,
  typos?: TypoPolicy,
  {
    relax = true,
    idsOnly = false,
    meaning,
  }: { relax?: boolean; idsOnly?: boolean; meaning?: (meant: string) => Promise<Float32Array> } = {},
): Promise<SearchOutcome> {
  const request = (mode: MatchMode) => {
    const built = withSnippet(buildSearchRequest(params, typos, mode), params.snippet);
    return idsOnly ? { ...built, ...ID_ONLY } : built;
  };
  const run = (mode: MatchMode) => runJobSearch(client, index, request(mode));
  const places = namedPlaces(params.q, typos);
  let mode = STRICT;
  const relaxes = relax && canRelax(params.q, typos);
  let result = await run(mode);
  const inPlace = result.total.value;
  const namedInPlace = (result.aggregations?.[ROLE_IN_PLACE] as { doc_count?: number } | undefined)?.doc_count ?? inPlace;
  if (places.length > 0 && namedInPlace < ENOUGH_IN_PLACE) {
    mode = { ...mode, place: 'first' };
    result = await run(mode);
  }
  if (relaxes && result.total.value < RELAX_BELOW) {
    mode = { ...mode, relaxed: true };
    result = await run(mode);
  }
  const spelling = spellingOf(params.q, typos);
  const placeOf = (elsewhere: boolean): SearchPlace | undefined =>
    places.length > 0 ? { words: places, in_place_total: inPlace, includes_elsewhere: elsewhere } : undefined;
  // A short page is filled by meaning, after the jobs the words found (with a place named, after
  // those elsewhere too: the jobs near in meaning there first), not in another order. Whether it
  // is filled never depends on `facets`, which may change between the pages of one cursor walk:
  // a filled page's facets count its ranked jobs, as hybrid search's do.
  const fills = meaning && relax && params.sort === 'relevance';
  if (fills && result.total.value < RELAX_BELOW) {
    const asked = mode;
    const everyJob = () => runJobSearch(client, index, { ...buildSearchRequest(atRankedDepth(params), typos, asked), ...ID_ONLY });
    const meant = () => meaning(meantQuery(params.q, typos));
    const there = namedPlaceClause(params.q, typos);
    // A list of topics fills beside meaning with the jobs that have half its words (relevance: isTopicList).
    const halfTheWords = isTopicList(params.q, typos)
      ? () =>
          runJobSearch(client, index, { ...buildSearchRequest(atRankedDepth(params), typos, { ...asked, halfTheWords: true }), ...ID_ONLY })
      : undefined;
    const filled = await fillByMeaning(client, index, params, inBestMatchOrder(result, params.sort), everyJob, meant, there, halfTheWords);
    if (filled) {
      const { filledElsewhere, ...page } = filled;
      const place = placeOf(mode.place === 'first' || filledElsewhere);
      return { ...page, ...(place ? { place } : {}), ...(spelling ? { spelling } : {}) };
    }
  }
  const place = placeOf(mode.place === 'first');
  return { ...inBestMatchOrder(result, params.sort), ...(place ? { place } : {}), ...(spelling ? { spelling } : {}) };
}

/** The words of the query read as others (TypoPolicy.corrections), and the query as searched; none when every word was read as typed. */
export function spellingOf(q: string, typos: TypoPolicy | undefined): SearchSpelling | undefined {
  const corrections = [...(typos?.corrections ?? [])].map(([typed, meant]) => ({ typed, read_as: meant }));
  return corrections.length === 0 ? undefined : { searched: meantQuery(q, typos), corrections };
}
