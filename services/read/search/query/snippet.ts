import type { estypes } from '@elastic/elasticsearch';

/** The stored field a snippet is cut from. */
const SNIPPET_FIELD = 'description';

/**
 * The highlight part of a search or browse request that asked for `snippet=N`: one fragment of
 * the description of about N characters, around the words of the query that it holds (any field's
 * match counts, so "kubernetes" found in the title still centres the snippet on it in the
 * description), or its first N characters when it holds none, as in browse. Plain text, no tags:
 * agents read it as part of the job. Elasticsearch cuts it from the stored source without
 * sending the description, so a page with a snippet costs a page without the description.
 * `around`: the query whose words the snippet centres on, when the request's own query has none
 * (a kNN search, or a page fetched by ids).
 */
export function snippetRequest(
  length: number | undefined,
  around?: estypes.QueryDslQueryContainer,
): Pick<estypes.SearchRequest, 'highlight'> {
  if (length === undefined) return {};
  return {
    highlight: {
      ...(around ? { highlight_query: around } : {}),
      fields: { [SNIPPET_FIELD]: {} },
      type: 'unified',
      number_of_fragments: 1,
      fragment_size: length,
      no_match_size: length,
      require_field_match: false,
      pre_tags: [''],
      post_tags: [''],
    },
  };
}

/** The request with the snippet's highlight part added (unchanged when no snippet was asked for). */
export function withSnippet(
  request: estypes.SearchRequest,
  length: number | undefined,
  around?: estypes.QueryDslQueryContainer,
): estypes.SearchRequest {
  return length === undefined ? request : { ...request, ...snippetRequest(length, around) };
}

/** What a snippet of a search that ranks by meaning centres on: the query's words where the description has them. */
export function wordsOf(q: string): estypes.QueryDslQueryContainer {
  return { match: { [SNIPPET_FIELD]: { query: q } } };
}

/**
 * The snippet of a hit, at most `length` characters: the highlighter's fragment, which may run a
 * little past fragment_size to end a sentence or a word, cut back to the last whole word.
 */
export function snippetOf(highlight: Record<string, string[]> | undefined, length: number): string | undefined {
  const fragment = highlight?.[SNIPPET_FIELD]?.[0]?.replace(/\s+/g, ' ').trim();
  if (!fragment) return undefined;
  if (fragment.length <= length) return fragment;
  const cut = fragment.slice(0, length + 1);
  const lastSpace = cut.lastIndexOf(' ');
  return (lastSpace > 0 ? cut.slice(0, lastSpace) : fragment.slice(0, length)).trimEnd();
}
