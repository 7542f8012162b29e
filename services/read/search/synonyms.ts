/**
 * Terms a job seeker uses for the same thing: the abbreviations and spellings of job postings.
 * The core distribution has no synonym filter (it lives in analysis-common), so synonyms are
 * expanded at query time: a one-word query term also matches the other members of its group,
 * at a lower weight than itself (../relevance). Multi-word members ("machine learning") are
 * matched as phrases, and only as expansions: "ml" finds "machine learning", while the query
 * "machine learning" keeps meaning its two words.
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
  ['site reliability engineer', 'sre'],
  ['quality assurance', 'qa'],
  ['human resources', 'hr'],
  ['amazon web services', 'aws'],
  ['google cloud platform', 'gcp'],
];

/** For each one-word member of a group, the other members of its group. */
const EQUIVALENTS: ReadonlyMap<string, readonly string[]> = new Map(
  SYNONYM_GROUPS.flatMap((group) => group.filter((term) => !term.includes(' ')).map((term) => [term, group.filter((other) => other !== term)] as const)),
);

/** What else a (lowercase) query word may match; empty for most words. */
export function synonymsOf(word: string): readonly string[] {
  return EQUIVALENTS.get(word) ?? [];
}
