import type { Client } from '@elastic/elasticsearch';
import type { SearchParams } from '../params/params';
import { canRelax, type TypoPolicy } from '../relevance/relevance';
import { runJobSearch, type JobHits } from './run-job-search';
import { buildSearchRequest, inBestMatchOrder } from '../query/search-request';
import { withSnippet } from '../query/snippet';

/**
 * The hits of a search page, best match first. When no job has all the words, a query of three
 * words or more is run once more with one word fewer required (relevance: RELAXED_WORDS_MATCHED):
 * the second request costs only searches that found nothing, and since it depends on the first
 * one's total alone, every page of the same search makes the same choice.
 */
export async function searchJobs(client: Client, index: string, params: SearchParams, typos?: TypoPolicy): Promise<JobHits> {
  const request = (relaxed: boolean) => withSnippet(buildSearchRequest(params, typos, relaxed), params.snippet);
  const strict = await runJobSearch(client, index, request(false));
  if (strict.total.value > 0 || !canRelax(params.q)) return inBestMatchOrder(strict, params.sort);
  return inBestMatchOrder(await runJobSearch(client, index, request(true)), params.sort);
}
