import type { estypes } from '@elastic/elasticsearch';
import { TYPO_FIELDS } from './relevance';

/**
 * Where the words meant are looked for: the short fields, whose words name jobs; and, for a word
 * no posting has, when they have none near it, the description, where the real postings name
 * their skills (they have no skills field): "kubernets" is no title's word, and "kubernetes" is in
 * 300 descriptions. Asked alongside the short fields, descriptions' common words won:
 * "statistican" was read as "statistical" instead of "statistician" (10 titles), and words that
 * descriptions have as others ("stata" as "state", "heating" as "hearing").
 */
const SHORT_FIELDS = [...TYPO_FIELDS];
const LAST_RESORT = 'description';

/**
 * The search calls of the spelling correction and of the abbreviations' definitions
 * (./abbreviations) to Elasticsearch: a Client answers them, and so does a unit test's stand-in.
 */
export interface SuggestClient {
  search(
    request: estypes.SearchRequest,
    options: { requestTimeout: number },
  ): Promise<Pick<estypes.SearchResponse, 'suggest'> & Partial<Pick<estypes.SearchResponse, 'hits'>>>;
}

/** A word the index does not know, and how many postings the word it meant must have at least in one field (minDocs at least). */
export interface UnknownWord {
  word: string;
  margin: number;
  /** No posting has the word in any field: only then is it looked for in descriptions (LAST_RESORT). */
  unseen: boolean;
}

/**
 * Typos are corrected in words of 5+ letters, one edit from 5 letters and two from 7, never in the
 * first letter. A word of four letters unknown to the index is as often an abbreviation as a typo,
 * and one edit makes it another: "amhp" (approved mental health professional, in 2 titles and 7
 * descriptions of the real postings) was read as "amp", from 353 locations' "&amp;". Such words
 * keep their typo tolerance (./relevance), one edit at a lower weight.
 */
const MIN_LETTERS = 5;
const TWO_EDITS_FROM = 7;

/**
 * The word each unknown word most likely meant: the nearest spelling that a short field (titles,
 * skills, employers, tags, places, departments) has in at least `margin` postings, and `minDocs`,
 * the commonest of equally near ones, or else, for a word no posting has, the nearest in
 * descriptions (SHORT_FIELDS, LAST_RESORT); nothing when none is. Elasticsearch's term suggester gives
 * each field's near spellings with their document frequencies, in one request; undefined when it
 * fails or takes longer than `timeoutMs` (the words then keep their typo tolerance).
 *
 * Why a correction and not only fuzzy matching: a fuzzy clause scores each spelling it reaches by
 * that spelling's own rarity in its field, so the rarest near word wins. On the real postings
 * "enginer" ranked a data scientist at an employer named "... Engines" (one posting: 15.7) above
 * every "Engineer" title (358 postings: 14.5); "pharmasist technician" ranked pharmacists, and the
 * place of "radiografer leeds" was never applied, because no title named the typed word. A seeker
 * who misspells a word means the common word next to it, as spelling correction has long assumed.
 */
export async function suggestCorrections(
  client: SuggestClient,
  index: string,
  words: readonly UnknownWord[],
  minDocs: number,
  timeoutMs: number,
): Promise<Map<string, string> | undefined> {
  const asked = words.filter(({ word }) => [...word].length >= MIN_LETTERS && /^\p{L}+$/u.test(word));
  if (asked.length === 0) return new Map();
  // Descriptions are asked about only the words they may answer for (LAST_RESORT).
  const fieldsOf = ({ unseen }: UnknownWord) => (unseen ? [...SHORT_FIELDS, LAST_RESORT] : SHORT_FIELDS);
  const suggest: Record<string, estypes.SearchSuggester> = Object.fromEntries(
    asked.flatMap((unknown, i) =>
      fieldsOf(unknown).map((field) => [
        `${i}:${field}`,
        {
          text: unknown.word,
          term: {
            field: `${field}.plain`,
            suggest_mode: 'always',
            sort: 'score',
            max_edits: [...unknown.word].length >= TWO_EDITS_FROM ? 2 : 1,
            prefix_length: 1,
            min_word_length: MIN_LETTERS,
            size: 3,
          },
        },
      ]),
    ),
  );
  let response: Pick<estypes.SearchResponse, 'suggest'>;
  try {
    response = await client.search({ index, size: 0, track_total_hits: false, suggest }, { requestTimeout: timeoutMs });
  } catch {
    return undefined;
  }
  const found = new Map<string, string>();
  for (const [i, { word, margin, unseen }] of asked.entries()) {
    const nearest = (from: readonly string[]) =>
      from
        .flatMap((field) => termOptions(response.suggest?.[`${i}:${field}`]))
        .filter((option) => option.freq >= Math.max(minDocs, margin) && option.text !== word)
        .sort((a, b) => b.score - a.score || b.freq - a.freq)[0];
    const best = nearest(SHORT_FIELDS) ?? (unseen ? nearest([LAST_RESORT]) : undefined);
    if (best) found.set(word, best.text);
  }
  return found;
}

/** The options of a term suggester's entries (one entry per word of its text). */
function termOptions(entries: estypes.SearchSuggest[] | undefined): estypes.SearchTermSuggestOption[] {
  return (entries ?? []).flatMap((entry) => {
    const options = entry.options as estypes.SearchTermSuggestOption | estypes.SearchTermSuggestOption[];
    return Array.isArray(options) ? options : [options];
  });
}
