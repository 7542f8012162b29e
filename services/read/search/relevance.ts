import type { estypes } from '@elastic/elasticsearch';
import { queryWords } from './query-words';
import { concepts, synonymsOf, type Concept } from './synonyms';

type Query = estypes.QueryDslQueryContainer;

/**
 * How much a match in each field counts (DESIGN.md 4): the title most, then skills,
 * organization and tags, then the description. Location and department count as little as the
 * description, so "berlin" or "marketing" in a query still finds the jobs a seeker means.
 */
export const FIELD_WEIGHTS: Record<string, number> = {
  title: 6,
  skills: 3,
  organization: 3,
  tags: 3,
  description: 1,
  location: 1,
  department: 1,
};

/**
 * Up to four words must all match; of longer queries, four fifths. A seeker typing "senior
 * kotlin engineer" wants jobs with all three, not every job that says "engineer". A multi-word
 * synonym ("machine learning") counts as one word here. Requiring all four of four words is also
 * what keeps such a search cheap: with three of four, Elasticsearch must weigh every job that has
 * any three of them (21 ms over a million postings, against 10 for all four).
 */
export const MINIMUM_WORDS_MATCHED = '4<80%';

/**
 * When no job has all the words (MINIMUM_WORDS_MATCHED), the search is answered with one word
 * fewer required, from three words on: better the jobs that miss one word than none. Queries
 * of one or two words are never relaxed.
 */
export const RELAXED_WORDS_MATCHED = '2<75%';

/** Typos are forgiven only on words of 4+ letters (one edit) or 7+ letters (two), never in the first letter. */
const TYPO_TOLERANCE = { fuzziness: 'AUTO:4,7', prefix_length: 1, max_expansions: 50 } as const;
/** A word found only through a typo scores at most this share of an exact match. */
const TYPO_WEIGHT = 0.5;
/** A word found through a synonym ("k8s" for "kubernetes"): below the word itself, above a typo. */
const SYNONYM_WEIGHT = 0.8;

/**
 * Typos are looked for in the short fields only: in a long description a word one edit away
 * is usually another word ("data" and "date"), which would let unrelated jobs match.
 */
export const TYPO_FIELDS = new Set(['title', 'skills', 'organization', 'tags', 'location', 'department']);

const weighted = (suffix: string, only?: ReadonlySet<string>) =>
  Object.entries(FIELD_WEIGHTS)
    .filter(([field]) => !only || only.has(field))
    .map(([field, weight]) => `${field}${suffix}^${weight}`);

// The field lists ("title^6", ...) are the same for every word of every query: built once.
const STEMMED_FIELDS = weighted('');
const PLAIN_TYPO_FIELDS = weighted('.plain', TYPO_FIELDS);
const PLAIN_FIELDS = weighted('.plain');

/**
 * A synonym standing in for `standsFor` query words, in the stemmed fields; one of several words
 * as a phrase. A match scores about the sum of its words, so the weight is scaled by the words it
 * stands for over its own: "machine learning" for "ml" counts as one word and never outranks "ML"
 * itself, while "ML" for "machine learning" counts as two, as the words it replaces do.
 */
function synonymQuery(synonym: string, standsFor = 1): Query {
  const words = synonym.split(' ').length;
  return {
    multi_match: {
      query: synonym,
      type: words > 1 ? 'phrase' : 'best_fields',
      fields: STEMMED_FIELDS,
      boost: (SYNONYM_WEIGHT * standsFor) / words,
    },
  };
}

/** Which query words get typo tolerance: all of them, or only those the index does not know (./known-words). */
export type TypoPolicy = (word: string) => boolean;
const EVERY_WORD: TypoPolicy = () => true;

/**
 * One word of the query: its best field counts, stemmed ("developers" finds "developer") or,
 * with a typo ("typscript" finds "TypeScript"), unstemmed at a lower weight, or through a
 * synonym ("k8s" finds "Kubernetes", ./synonyms) at a weight between the two. An experience
 * level or job type named in the query ("senior", "internship") matches those fields too.
 *
 * Only the best field counts (no tie_breaker): with one, Elasticsearch cannot skip documents
 * that cannot reach the top, and a common word over a million postings took 29 ms instead of 4.
 * The typo clause is left out for words the index knows: their fuzzy expansions are other real
 * words ("engineer", "engineers", "engineered") whose postings cost more than the word itself.
 */
function wordQuery(word: string, typos: TypoPolicy): Query {
  return {
    dis_max: {
      queries: [
        { multi_match: { query: word, type: 'best_fields', fields: STEMMED_FIELDS, operator: 'and' } },
        ...(typos(word)
          ? [{ multi_match: { query: word, type: 'best_fields', fields: PLAIN_TYPO_FIELDS, operator: 'and', ...TYPO_TOLERANCE, boost: TYPO_WEIGHT } } as Query]
          : []),
        ...synonymsOf(word).map((synonym) => synonymQuery(synonym)),
        { term: { 'experience.lower': { value: word, boost: FIELD_WEIGHTS.description } } },
        { term: { type: { value: word, boost: FIELD_WEIGHTS.description } } },
      ],
    },
  };
}

/**
 * One term of the query (./synonyms): a word, or the words of a multi-word synonym, which must
 * all match unless one of the term's synonyms stands in for them ("ml" for "machine learning").
 */
function conceptQuery({ words, synonyms }: Concept, typos: TypoPolicy): Query {
  if (words.length === 1) return wordQuery(words[0], typos);
  return {
    dis_max: { queries: [{ bool: { must: words.map((word) => wordQuery(word, typos)) } }, ...synonyms.map((synonym) => synonymQuery(synonym, words.length))] },
  };
}

/** A query of stop words only ("IT"): matched as typed, in the unstemmed fields, which keep them. */
function stopWordsQuery(q: string): Query {
  return { multi_match: { query: q, type: 'best_fields', fields: PLAIN_FIELDS, operator: 'and' } };
}

/** Whether a query has enough words that RELAXED_WORDS_MATCHED asks for fewer than MINIMUM_WORDS_MATCHED. */
export function canRelax(q: string): boolean {
  const { words, onlyStopWords } = queryWords(q);
  return !onlyStopWords && concepts(words).length >= 3;
}

/** The two parts of a search's scoring: what must match (and scores), and what lifts the best of those. */
export interface RelevanceQuery {
  match: Query;
  /** Phrase clauses, applied to the top PHRASE_WINDOW hits only (search-query: rescore). */
  phrases?: Query;
}

/**
 * How many of the best hits the phrase clauses re-rank: at least a page of the largest limit.
 * Scored on every match instead, they took half the time of a four-word search over a million
 * postings (36 ms against 22). Jobs outside the window keep their order, page after page.
 */
export const PHRASE_WINDOW = 100;

/**
 * The scoring of a search. Each word may match in a different field (term-centric), and enough
 * words must match (MINIMUM_WORDS_MATCHED, or RELAXED_WORDS_MATCHED when `relaxed`). Phrase clauses then lift the jobs where the words
 * stand together: the exact phrase in the title most, then adjacent word pairs in the title and
 * in the description.
 */
export function relevanceQuery(q: string, typos: TypoPolicy = EVERY_WORD, relaxed = false): RelevanceQuery {
  const { words, onlyStopWords } = queryWords(q);
  if (words.length === 0) return { match: { match_none: {} } };
  const minimum = relaxed ? RELAXED_WORDS_MATCHED : MINIMUM_WORDS_MATCHED;
  const match: Query = onlyStopWords
    ? stopWordsQuery(q)
    : { bool: { should: concepts(words).map((concept) => conceptQuery(concept, typos)), minimum_should_match: minimum } };
  return {
    match,
    phrases: {
      bool: {
        should: [
          { match_phrase: { 'title.plain': { query: q, boost: 4 } } },
          { match: { 'title.pairs': { query: q, boost: 2 } } },
          { match: { 'description.pairs': { query: q, boost: 1 } } },
        ],
      },
    },
  };
}
