import type { Client } from '@elastic/elasticsearch';
import type { SearchDescribed } from '../../../../shared/schemas/job-search';
import type { SearchParams } from '../params/params';
import type { TypoPolicy } from '../relevance/relevance';
import { askHybridLists, fusedPage } from './ranked-search';
import type { JobHits } from './run-job-search';

/** A keyword page of a query that describes the work, ranked as hybrid search ranks it. */
export type DescribedPage = JobHits & { described: SearchDescribed };

/**
 * Keyword search's answer to a query that describes the work instead of naming it
 * (../relevance/described-work): the keyword and kNN lists of hybrid search, fused and paged as
 * it fuses and pages them. On the judged sets such queries found postings that happened to share
 * their everyday words ("people", "support", "after") and few of the jobs they described.
 *
 * Undefined, so that the caller answers with the words alone, when the model cannot embed the
 * query or no job near it has a vector (an index the embedding worker has not reached): a keyword
 * search never fails on the model, and never loses the relaxation and filling that its own
 * answer has for the jobs no vector brings.
 */
export async function searchDescribed(
  client: Client,
  index: string,
  params: SearchParams,
  embed: () => Promise<Float32Array>,
  typos: () => Promise<TypoPolicy | undefined>,
): Promise<DescribedPage | undefined> {
  const pending = askHybridLists(client, index, params, embed, typos);
  // Read below either way; until then a failure of it must not count as unhandled.
  pending.keyword.catch(() => undefined);
  const semantic = await pending.semantic.catch(() => undefined);
  if (!semantic || semantic.length === 0) {
    await pending.keyword; // not used, but its failure is the search's, as it would be in keyword mode
    return undefined;
  }
  const page = await fusedPage(client, index, params, { keyword: pending.keyword, semantic: Promise.resolve(semantic) });
  return { ...page, described: { ranked_as: 'hybrid' } };
}
