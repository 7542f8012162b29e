import { ENGLISH_STOP_WORDS } from './query-words';
import type { SuggestClient } from './spelling';

/*
 * Words that job locations hold only as part of a longer name: "cook" of "The James Cook
 * University Hospital", "helier" of "St Helier Hospital", "bar" of "Potters Bar". Counted as
 * words, they look like places (more job locations than titles hold them), and a seeker who types
 * "bank cook" or "weekend bar work" would be sent to Middlesbrough or Hertfordshire. Such a word
 * names that place only beside the rest of its name ("potters bar", "st helier").
 */

/** A word's locations that have the same word just before it, at least this share, make it part of that name. */
const NAME_PART_SHARE = 0.8;

/** How many of the locations that hold a word are read to tell (the first in the index: every job scores alike, and a name part is in all of them). */
const NAME_PART_SAMPLE = 50;

/** A token of a location as the index's plain analysis splits it, lowercased, a possessive "'s" dropped ("James's" as "james"). */
const TOKEN = /[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;
const tokensOf = (text: string) =>
  (text.toLowerCase().match(TOKEN) ?? []).map((token) => token.replace(/['’]s$/u, '').replaceAll('’', "'"));

/**
 * The word before which `word` stands in nearly every one of `locations` (NAME_PART_SHARE) that
 * holds it, when that word is a word of letters, no stop word ("stoke on trent": "on") and no
 * kind of place (`kindsOfPlace`: "Hospital, Middlesbrough", "North Yorkshire"); else none. Fewer
 * than `minLocations` locations holding the word tell nothing.
 */
export function nameBefore(
  word: string,
  locations: readonly string[],
  kindsOfPlace: ReadonlySet<string>,
  minLocations: number,
): string | undefined {
  const before = new Map<string, number>();
  let holding = 0;
  for (const location of locations) {
    const tokens = tokensOf(location);
    const at = tokens.indexOf(word);
    if (at === -1) continue;
    holding += 1;
    if (at > 0) before.set(tokens[at - 1], (before.get(tokens[at - 1]) ?? 0) + 1);
  }
  if (holding < minLocations) return undefined;
  const [top, count] = [...before].reduce<[string | undefined, number]>(
    (best, entry) => (entry[1] > best[1] ? entry : best),
    [undefined, 0],
  );
  if (top === undefined || count < NAME_PART_SHARE * holding) return undefined;
  return /^\p{L}+$/u.test(top) && !ENGLISH_STOP_WORDS.has(top) && !kindsOfPlace.has(top) ? top : undefined;
}

/**
 * The locations of up to NAME_PART_SAMPLE jobs located at each of `words` (one search of them all,
 * a `top_hits` per word), or undefined when the search fails or takes longer than `timeoutMs`.
 */
export async function locationsHolding(
  client: SuggestClient,
  index: string,
  words: readonly string[],
  timeoutMs: number,
): Promise<Map<string, string[]> | undefined> {
  try {
    const response = await client.search(
      {
        index,
        size: 0,
        track_total_hits: false,
        aggs: Object.fromEntries(
          words.map((word, i) => [
            `w${i}`,
            {
              filter: { term: { 'location.plain': word } },
              aggs: { sample: { top_hits: { size: NAME_PART_SAMPLE, _source: ['location'] } } },
            },
          ]),
        ),
      },
      { requestTimeout: timeoutMs },
    );
    const aggregations = (
      response as { aggregations?: Record<string, { sample?: { hits?: { hits?: { _source?: { location?: string } }[] } } }> }
    ).aggregations;
    return new Map(
      words.map((word, i) => [
        word,
        (aggregations?.[`w${i}`]?.sample?.hits?.hits ?? []).flatMap((hit) => (hit._source?.location ? [hit._source.location] : [])),
      ]),
    );
  } catch {
    return undefined;
  }
}
