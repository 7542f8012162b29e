import type { estypes } from '@elastic/elasticsearch';
import { buildSearchRequest, queryWords, readSearchParams, type KnownWords } from '../read';
import { ANY, anchorOf, leafTexts, type Anchor } from './anchors';
import type { FieldAnalysis } from './field-analysis';

type Query = estypes.QueryDslQueryContainer;

/** A saved search as the matcher runs it. */
export interface CompiledSearch {
  id: string;
  userId: string;
  /** The search's words and filters (bool must and filter); the clauses that leave out closed jobs are added when it runs (./evaluate). */
  query: Query;
  anchor: Anchor;
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
export async function compileSearch(params: Record<string, unknown>, context: CompileContext): Promise<{ query: Query; anchor: Anchor }> {
  const search = readSearchParams({ ...params, mode: undefined } as Parameters<typeof readSearchParams>[0]);
  const typos = await context.knownWords.typoPolicy(queryWords(search.q).words);
  const { bool } = buildSearchRequest({ ...search, facets: [] }, typos).query as { bool: estypes.QueryDslBoolQuery };
  const query: Query = { bool: { must: bool.must, filter: bool.filter } };
  await context.analysis.prepare(leafTexts(query));
  return { query, anchor: anchorOf(query, context.analysis.tokensOf) };
}

/** Anchors as stored (saved_searches.anchors): the terms, or null for ANY. */
export const storedAnchor = (anchor: Anchor): string[] | null => (anchor === ANY ? null : [...anchor]);
export const anchorFromStore = (stored: string[] | null): Anchor => (stored === null ? ANY : new Set(stored));
