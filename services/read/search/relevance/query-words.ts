/**
 * The English stop words of the index's `english_stop` filter (Lucene's `_english_` list).
 * The main (english_text) fields drop them; the query drops them too, so that "head of engineering" asks
 * for two words, not three.
 */
export const ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set([
  'a',
  'an',
  'and',
  'are',
  'as',
  'at',
  'be',
  'but',
  'by',
  'for',
  'if',
  'in',
  'into',
  'is',
  'it',
  'no',
  'not',
  'of',
  'on',
  'or',
  'such',
  'that',
  'the',
  'their',
  'then',
  'there',
  'these',
  'they',
  'this',
  'to',
  'was',
  'will',
  'with',
]);

/**
 * Stop words that are abbreviations in a job search: "it support" asks for IT. They are kept in a
 * query of keywords (no other stop word: "is it remote" reads as a sentence), and matched in the
 * .plain fields, which keep stop words (./relevance).
 */
export const ABBREVIATION_STOP_WORDS: ReadonlySet<string> = new Set(['it']);

/** The stop words among a query's tokens: ENGLISH_STOP_WORDS, but ABBREVIATION_STOP_WORDS in a query of keywords. */
export function stopWordsOf(tokens: readonly string[]): ReadonlySet<string> {
  const stop = tokens.filter((w) => ENGLISH_STOP_WORDS.has(w));
  const keywords = stop.every((w) => ABBREVIATION_STOP_WORDS.has(w));
  return new Set(keywords ? stop.filter((w) => !ABBREVIATION_STOP_WORDS.has(w)) : stop);
}

/** Words beyond this many are ignored: each word costs a clause per field (and typo expansions). */
export const MAX_QUERY_WORDS = 32;

/** Punctuation around a word ("senior," "(remote)"); inner punctuation as in "node.js" or "part-time" stays. */
const EDGE_PUNCTUATION = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;

/** The words of a query as typed, lowercase, in order, repeats kept (./query-intent reads phrases from them). */
export function queryTokens(q: string): string[] {
  return q
    .split(/\s+/)
    .map((w) => w.replace(EDGE_PUNCTUATION, '').toLowerCase())
    .filter((w) => w !== '');
}

/**
 * The words of a search query, in order, without stop words (but ABBREVIATION_STOP_WORDS) and duplicates. A query made only
 * of stop words keeps them ("IT" is a job field, not noise), and the .plain fields, which
 * keep stop words, can still match it.
 */
export function queryWords(q: string): { words: string[]; onlyStopWords: boolean } {
  const all = [...new Set(queryTokens(q))];
  const stop = stopWordsOf(all);
  const content = all.filter((w) => !stop.has(w));
  const onlyStopWords = content.length === 0 && all.length > 0;
  return { words: (onlyStopWords ? all : content).slice(0, MAX_QUERY_WORDS), onlyStopWords };
}
