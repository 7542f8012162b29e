import type { estypes } from '@elastic/elasticsearch';
import { buildSearchRequest, queryWords, readSearchParams, type KnownWords } from '../read';
import { conditionsOf, leafTexts, type Conditions } from './anchors';
import { isKeywordField, type FieldAnalysis } from './field-analysis';

type Query = estypes.QueryDslQueryContainer;

/** A saved search as the matcher runs it. */
export interface CompiledSearch {
  id: string;
  userId: string;
  /** The search's words and filters (bool must and filter); the clauses that leave out closed jobs are added when it runs (./evaluate). */
  query: Query;
  /** What a job must have to be worth checking (./anchors); none: every job is. */
  conditions: Conditions;
  /**
   * When every filter of the search is a term filter on a keyword field, its conditions decide
   * the filters exactly, and only its words need Elasticsearch: searches with the same words
   * (in other places, of other job types) are then asked once, under their key.
   */
  words?: SearchWords;
}

/** The words part of a compiled query, and the key searches with the same words share. */
export interface SearchWords {
  query: Query;
  key: string;
}

/** The words part of a compiled query, when its filters are all exact term filters on keyword fields. */
export function wordsOf(query: Query): SearchWords | undefined {
  const bool = query?.bool ?? {};
  const filters = Array.isArray(bool.filter) ? bool.filter : bool.filter ? [bool.filter] : [];
  const exact = filters.every((clause) => {
    const [[type, body]] = Object.entries(clause as object) as [string, Record<string, unknown>][];
    if (type !== 'term' && type !== 'terms') return false;
    const field = Object.keys(body).find((k) => k !== 'boost');
    return field !== undefined && isKeywordField(field);
  });
  if (!exact) return undefined;
  const words: Query = { bool: { must: bool.must } };
  return { query: words, key: JSON.stringify(words) };
}

/** What compiling needs: the typo policy of the words, as search has it, and the index's analysis. */
export interface CompileContext {
  knownWords: KnownWords;
  analysis: FieldAnalysis;
}

/**
 * A saved search's query as it matches new jobs: the keyword search of its words and filters,
 * strictly (a place named is required, every word the search requires is required: no relaxation,
 * which depends on how many other jobs match), whatever its mode. Its anchor terms come from the
 * same query (./anchors).
 */
export async function compileSearch(
  params: Record<string, unknown>,
  context: CompileContext,
): Promise<{ query: Query; conditions: Conditions }> {
  const search = readSearchParams({ ...params, mode: undefined } as Parameters<typeof readSearchParams>[0]);
  const typos = await context.knownWords.typoPolicy(queryWords(search.q).words);
  const { bool } = buildSearchRequest({ ...search, facets: [] }, typos).query as { bool: estypes.QueryDslBoolQuery };
  const query: Query = { bool: { must: bool.must, filter: bool.filter } };
  await context.analysis.prepare(leafTexts(query));
  return { query, conditions: conditionsOf(query, context.analysis.tokensOf) };
}

/** Conditions as stored (saved_searches.anchors): a list of lists of terms. */
export const storedConditions = (conditions: Conditions): string[][] => conditions.map((c) => [...c]);
export const conditionsFromStore = (stored: string[][] | null): Conditions => (stored ?? []).map((c) => new Set(c));
