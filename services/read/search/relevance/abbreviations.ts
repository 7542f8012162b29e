import type { SuggestClient } from './spelling';

/*
 * What an abbreviation of a query stands for, read from the postings that define it: "Speech and
 * Language Therapist (SLT)", "Community Mental Health Team (CMHT)", "Care Quality Commission
 * (CQC)". NHS postings spell out their service's abbreviations once, in brackets after the words,
 * and seekers type the abbreviation; a fixed list of synonyms (./synonyms) cannot hold every
 * team, service and role of every trust. The words defined are a synonym of the abbreviation
 * (./relevance conceptQuery), below the abbreviation itself.
 */

/** Words that may stand between the words of a definition without a letter of their own ("speech and language therapist"). */
const LINKING_WORDS = new Set(['and', 'of', 'the', 'for', 'in', 'with', 'to', 'on', 'at', '&']);

/** A word of a definition: letters, with an apostrophe or hyphen inside ("children's", "non-medical"). */
const WORD = /[\p{L}][\p{L}'’-]*|&/gu;

/**
 * The definitions of `abbreviation` in `text`: for each mention in brackets ("(SLT)", "(SLTs)"),
 * the fewest words just before it whose first letters, linking words aside, spell it in order,
 * the first of them not a linking word (after Schwartz and Hearst, 2003, in its simplest form).
 * Lowercase, hyphens as spaces; the same definition as often as the text gives it.
 */
export function definitionsIn(text: string, abbreviation: string): string[] {
  const letters = abbreviation.toLowerCase();
  const mention = new RegExp(`\\(\\s*${escapeRegExp(letters)}s?\\s*\\)`, 'giu');
  const found: string[] = [];
  for (const match of text.matchAll(mention)) {
    const before = text.slice(Math.max(0, match.index - 200), match.index).match(WORD) ?? [];
    for (let n = 1; n <= Math.min(before.length, letters.length * 2 + 2); n++) {
      const words = before.slice(-n).map((word) => word.toLowerCase().replaceAll('’', "'").replace(/'s?$/, ''));
      const own = words.filter((word) => !LINKING_WORDS.has(word));
      if (own.length > letters.length) break;
      if (!LINKING_WORDS.has(words[0]) && own.length === letters.length && own.every((word, i) => word[0] === letters[i])) {
        found.push(words.join(' ').replaceAll('-', ' '));
        break;
      }
    }
  }
  return found;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * How many postings that mention an abbreviation are read for its definition, as the passages
 * around each mention (DEFINITION_PASSAGE): the definition is in the sentence that says it.
 */
export const DEFINITION_SAMPLE = 50;
const DEFINITION_PASSAGE = { fragment_size: 200, number_of_fragments: 3 } as const;

/**
 * A definition is taken when at least this many postings give it, and twice as many as give
 * another: "react" is defined in two of the real postings, as a "Reactive Emergency Assessment
 * Community Team", among dozens that mean the JavaScript library; "gis" as a "geographic
 * information system" and a "guaranteed interview scheme" alike; "pcn" as a "primary care
 * network" in thirteen.
 */
const AGREEING_POSTINGS = 3;

/**
 * The definitions one posting gives of an abbreviation, as one group: its last word in any form
 * ("speech and language therapist", "therapists" and "therapy"; "community mental health teams"),
 * by the first letters of the word.
 */
const groupOf = (definition: string) => definition.replace(/(\S{5})\S*$/u, '$1');

/** The definition the passages of the postings (`byPosting`, each posting's passages) agree on for `abbreviation` (AGREEING_POSTINGS), as most of them write it. */
export function agreedDefinition(abbreviation: string, byPosting: readonly (readonly string[])[]): string | undefined {
  const groups = new Map<string, { postings: number; spellings: Map<string, number> }>();
  for (const passages of byPosting) {
    const definitions = new Set(passages.flatMap((passage) => definitionsIn(passage, abbreviation)));
    for (const group of new Set([...definitions].map(groupOf))) {
      const entry = groups.get(group) ?? { postings: 0, spellings: new Map<string, number>() };
      entry.postings += 1;
      groups.set(group, entry);
    }
    for (const definition of definitions) {
      const spellings = groups.get(groupOf(definition))!.spellings;
      spellings.set(definition, (spellings.get(definition) ?? 0) + 1);
    }
  }
  const [best, next] = [...groups.values()].sort((a, b) => b.postings - a.postings);
  if (!best || best.postings < AGREEING_POSTINGS || (next && best.postings < 2 * next.postings)) return undefined;
  return [...best.spellings].sort((a, b) => b[1] - a[1] || a[0].length - b[0].length)[0][0];
}

/**
 * The definitions of `words` that the postings agree on (agreedDefinition), one search per word
 * (the passages around it in the DEFINITION_SAMPLE descriptions that mention it most), asked
 * together; a word whose search fails or takes longer than `timeoutMs` is left out of the answer
 * (and asked again next time).
 */
export async function lookUpDefinitions(
  client: SuggestClient,
  index: string,
  words: readonly string[],
  timeoutMs: number,
): Promise<Map<string, string | undefined>> {
  const answers = await Promise.all(
    words.map(async (word) => {
      try {
        const response = await client.search(
          {
            index,
            size: DEFINITION_SAMPLE,
            track_total_hits: false,
            _source: false,
            query: { term: { 'description.plain': word } },
            highlight: { fields: { 'description.plain': { type: 'unified', ...DEFINITION_PASSAGE, pre_tags: [''], post_tags: [''] } } },
          },
          { requestTimeout: timeoutMs },
        );
        const byPosting = (response.hits?.hits ?? []).map((hit) => hit.highlight?.['description.plain'] ?? []);
        return [[word, agreedDefinition(word, byPosting)] as const];
      } catch {
        return [];
      }
    }),
  );
  return new Map(answers.flat());
}
