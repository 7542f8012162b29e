/**
 * Terms a job seeker uses for the same thing: the abbreviations and spellings of job postings.
 * The core distribution has no synonym filter (it lives in analysis-common), so synonyms are
 * expanded at query time (./relevance): a query term also matches the other members of its
 * group, at a lower weight than itself. Multi-word members ("machine learning") are matched as
 * phrases; in a query, their words are read as one term (concepts below), so "machine learning"
 * finds "ML" and "ml" finds "machine learning".
 */
export const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ['javascript', 'js'],
  ['typescript', 'ts'],
  ['kubernetes', 'k8s'],
  ['golang', 'go'],
  ['postgresql', 'postgres'],
  ['machine learning', 'ml'],
  ['artificial intelligence', 'ai'],
  ['natural language processing', 'nlp'],
  ['user experience', 'ux'],
  ['user interface', 'ui'],
  ['frontend', 'front end'],
  ['backend', 'back end'],
  ['fullstack', 'full stack'],
  ['site reliability engineer', 'site reliability engineering', 'sre'],
  ['devops', 'dev ops'],
  ['quality assurance', 'qa'],
  ['human resources', 'hr'],
  ['project manager', 'pm'],
  ['product manager', 'pm'],
  ['program manager', 'pm'],
  ['extract transform load', 'etl'],
  // The abbreviations of health care postings (NHS).
  ['registered nurse', 'registered general nurse', 'rn', 'rgn'],
  ['registered mental health nurse', 'registered mental nurse', 'mental health nurse', 'rmn'],
  ['general practitioner', 'gp'],
  ['healthcare assistant', 'health care assistant', 'hca'],
  ['operating department practitioner', 'odp'],
  ['occupational therapist', 'ot'],
  ['amazon web services', 'aws'],
  ['google cloud platform', 'gcp'],
];

/** For each one-word member of a group, the other members of every group it is in ("pm": each kind of manager). */
const EQUIVALENTS: ReadonlyMap<string, readonly string[]> = SYNONYM_GROUPS.reduce((map, group) => {
  for (const term of group.filter((t) => !t.includes(' ')))
    map.set(term, [...new Set([...(map.get(term) ?? []), ...group.filter((other) => other !== term)])]);
  return map;
}, new Map<string, string[]>());

/**
 * Terms for neighbouring roles, one way: an SRE seeker is also after the DevOps roles that do
 * much the same work, below the site reliability roles themselves.
 */
const RELATED: ReadonlyMap<string, readonly string[]> = new Map([['sre', ['devops', 'dev ops']]]);

/** What a (lowercase) query word finds, besides itself and its synonyms, at a lower weight; empty for most words. */
export function relatedTo(word: string): readonly string[] {
  return RELATED.get(word) ?? [];
}

/** What else a (lowercase) query word may match; empty for most words. */
export function synonymsOf(word: string): readonly string[] {
  return EQUIVALENTS.get(word) ?? [];
}

/** The multi-word members as word lists, longest first (so the longest spelling wins), with their equivalents. */
const PHRASES: readonly { words: readonly string[]; synonyms: readonly string[] }[] = SYNONYM_GROUPS.flatMap((group) =>
  group.filter((term) => term.includes(' ')).map((term) => ({ words: term.split(' '), synonyms: group.filter((other) => other !== term) })),
).sort((a, b) => b.words.length - a.words.length);

/** One term of a query: a word, or the words of a multi-word synonym; and what else it may match. */
export interface Concept {
  words: readonly string[];
  synonyms: readonly string[];
}

/**
 * The query's words as terms: a run of words that spells a multi-word synonym ("machine
 * learning") is one term, whose equivalents ("ml") may stand in for all its words; every other
 * word is a term of its own.
 */
export function concepts(words: readonly string[]): Concept[] {
  const found: Concept[] = [];
  for (let i = 0; i < words.length;) {
    const phrase = PHRASES.find((p) => p.words.every((word, k) => words[i + k] === word));
    if (phrase) {
      found.push({ words: phrase.words, synonyms: phrase.synonyms });
      i += phrase.words.length;
    } else {
      found.push({ words: [words[i]], synonyms: synonymsOf(words[i]) });
      i += 1;
    }
  }
  return found;
}
