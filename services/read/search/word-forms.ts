import pluralize from 'pluralize';

/**
 * Words shorter than this keep their one form: most are abbreviations ("aws", "ios", "js"),
 * whose "singular" ("aw", "io", "j") would be another word.
 */
const SHORTEST_INFLECTED = 4;
const LETTERS_ONLY = /^\p{L}+$/u;

/**
 * The forms of a query word that mean the same thing: the word, its singular and its plural
 * ("nurse", "nurses"; "company", "companies"; "analysis", "analyses"; "woman", "women"), and
 * nothing else. The index keeps words as written and the query asks for every form, so stemming
 * never joins two different words: the dictionary stemmer it replaces read "remote" as "mote",
 * "designer" as "signer" and "business" as "busy". Derived words ("development", "nursing",
 * "engineering") are words of their own on purpose: a seeker of a developer role is not looking
 * for business development. Words with digits or inner punctuation ("node.js", "c++") stay as
 * they are.
 */
export function formsOf(word: string): string[] {
  if (word.length < SHORTEST_INFLECTED || !LETTERS_ONLY.test(word)) return [word];
  const singular = pluralize.singular(word);
  const forms = new Set([word, singular, pluralize.plural(singular)]);
  return [...forms].filter((form) => form.length >= SHORTEST_INFLECTED - 1);
}
