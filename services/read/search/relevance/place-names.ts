/**
 * Places a seeker names in full where postings abbreviate them: US states, which postings give
 * as two-letter codes ("San Diego, CA"). Each code is looked for in the location alone, where
 * it cannot be another word ("in", "or", "me" are state codes too).
 */
const US_STATE_CODES: Readonly<Record<string, string>> = {
  alabama: 'al',
  alaska: 'ak',
  arizona: 'az',
  arkansas: 'ar',
  california: 'ca',
  colorado: 'co',
  connecticut: 'ct',
  delaware: 'de',
  florida: 'fl',
  georgia: 'ga',
  hawaii: 'hi',
  idaho: 'id',
  illinois: 'il',
  indiana: 'in',
  iowa: 'ia',
  kansas: 'ks',
  kentucky: 'ky',
  louisiana: 'la',
  maine: 'me',
  maryland: 'md',
  massachusetts: 'ma',
  michigan: 'mi',
  minnesota: 'mn',
  mississippi: 'ms',
  missouri: 'mo',
  montana: 'mt',
  nebraska: 'ne',
  nevada: 'nv',
  ohio: 'oh',
  oklahoma: 'ok',
  oregon: 'or',
  pennsylvania: 'pa',
  tennessee: 'tn',
  texas: 'tx',
  utah: 'ut',
  vermont: 'vt',
  virginia: 'va',
  washington: 'wa',
  wisconsin: 'wi',
  wyoming: 'wy',
};

/** The abbreviation postings use in their location for a place named in full, if any. */
export function placeCodeOf(word: string): string | undefined {
  return Object.hasOwn(US_STATE_CODES, word) ? US_STATE_CODES[word] : undefined;
}
