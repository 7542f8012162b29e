import type { estypes } from '@elastic/elasticsearch';
import { isJobType } from '../../../../shared/schemas/common';
import { gradeClause, intentClauses } from './intent-clauses';
import { placeCodeOf } from './place-names';
import { inPlace, PLACE_FIRST, placesOf, roleInTitle } from './place-clauses';
import { alternativeGroups, understandQuery, type QueryIntent } from './query-intent';
import { ENGLISH_STOP_WORDS, queryTokens, queryWords } from './query-words';
import { concepts, type Concept } from './synonyms';
import { formsOf } from './word-forms';

type Query = estypes.QueryDslQueryContainer;

/**
 * How much a match in each field counts (DESIGN.md 4): the title most, then skills,
 * organization and tags, then the description. Location and department count as little as the
 * description, so "berlin" or "marketing" in a query still finds the jobs a seeker means; a
 * word that names a place counts more in the location (PLACE_WEIGHT).
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
 * When fewer than a page of jobs have all the words (MINIMUM_WORDS_MATCHED; ../run/search-jobs
 * RELAX_BELOW), the search is answered with one term fewer required, from two terms on: the
 * jobs with every word still rank first (they score more), and those missing one follow rather
 * than an empty or short page ("ux researcher" found one posting, where user researchers and UX
 * designers were the next best answers). A query of one term is never relaxed.
 */
export const RELAXED_WORDS_MATCHED = '1<-1 4<75%';

/**
 * Half the terms (rounded down, at least one): what a list of topics (isTopicList) that finds
 * fewer than a page even relaxed asks of the jobs that fill its page beside those near in meaning
 * (../run/meaning-fill). A job that names two of "sage 50 vat returns" is a bookkeeping job; the
 * jobs nearest in meaning to such a list alone were not ("IAPT Psychological Wellbeing
 * Practitioner" ten times, docs/decisions.md, round 44).
 */
export const HALF_THE_WORDS_MATCHED = '1<50%';

/**
 * Added to the score of a job with every word (MINIMUM_WORDS_MATCHED) when jobs missing one are let
 * in (RELAXED_WORDS_MATCHED) for a query none of whose words names roles (TypoPolicy.roles): a
 * query of skills ("aws terraform"), which postings name in their descriptions. Far above what
 * words score, so those jobs come first; below PLACE_FIRST, so a place named still decides first.
 * Without it one skill in a title outscored both in a description: "aws terraform" ranked ten AWS
 * titles without Terraform above the architects and DevOps engineers whose descriptions ask for
 * both. A query that names a role keeps the order of the scores: there the role in a title is
 * the better answer than both words in a description ("locum pharmacist": pharmacist titles, not
 * descriptions that mention locum cover; "ux designer").
 */
const EVERY_WORD_FIRST = 500;

/**
 * Added, when jobs missing a word are let in (RELAXED_WORDS_MATCHED), to the jobs that keep the
 * query's distinguishing qualifier (distinguishingQualifier): the word that says which of the
 * role's jobs ("mortuary" of "mortuary technician", "gis" of "gis analyst"). Far above what words
 * score, so those jobs follow the jobs with every word and precede those that keep only the role
 * word; below EVERY_WORD_FIRST (the two never meet: that one is for queries naming no role).
 * Without it a common role word in a short title outscored the rare qualifier in a description:
 * "mortuary technician" ranked IT, pharmacy and endoscopy technicians above the anatomical
 * pathology technologists who work in the mortuary.
 */
const QUALIFIER_FIRST = 200;

/**
 * A word in more than this share of descriptions is common ("risk", "assessment", "first",
 * "support"), as the rarity of the word there tells (TypoPolicy.rarity: ln(1 + 0.9 / 0.1)).
 */
const COMMON_RARITY = Math.log(1 + (1 - 0.1) / 0.1);

/**
 * From this many terms: in a query of two, the common word is part of the topic ("dementia
 * care", "health informatics", "social prescribing"), and without it the other word alone
 * found pharmacists for "social prescribing".
 */
const MANY_TOPICS = 3;

/**
 * The weight of a query of skills or topics (two terms or more, none naming roles) as plain BM25
 * scores it (wordsTogetherQuery), added to its term-centric score. That score takes each word
 * where it scores best, so one skill in a title (FIELD_WEIGHTS.title) outscored both skills asked
 * for, often, in a description: "snowflake dbt" ranked DBT-therapy titles first, "r python" titles
 * "R&D Statistics", "tracheostomy suction" titles "Tracheostomy". Such a query asks about the
 * posting as a whole, and BM25 over one field at a time, the better of title and description, says
 * which postings have its words together. Measured on the spent judged sets (1 195 queries, the
 * postings it brought judged blind; docs/decisions.md, round 22): skill pairs 0.873 -> 0.888
 * nDCG@10, phrases 0.911 -> 0.924 (BM25 0.886 and 0.914), all queries 0.9136 -> 0.9163; at 2 and 8,
 * 0.9160 and 0.9162. A query that names a role is left as it is: there the role in a title is the
 * answer, and its request stays byte for byte what it was.
 */
const WORDS_TOGETHER_WEIGHT = 4;

/** The fields plain BM25 reads (the benchmark's baseline): title and description, as written. */
const WORDS_TOGETHER_FIELDS = ['title.plain', 'description.plain'];

/** A query's words as plain BM25 scores them, the better field of the two (WORDS_TOGETHER_WEIGHT). */
function wordsTogetherQuery(words: readonly string[]): Query {
  return {
    multi_match: { query: words.join(' '), type: 'best_fields', fields: WORDS_TOGETHER_FIELDS, boost: WORDS_TOGETHER_WEIGHT },
  };
}

/**
 * Which terms of a query that names no role (skills, a topic) are common words (COMMON_RARITY),
 * which rank the jobs that have them but are not required of every job, as long as a term that
 * is not common is: a seeker who types "motivational interviewing risk assessment" wants the
 * jobs that ask for motivational interviewing, most of which say "risk" and "assessment" too,
 * not only the few whose descriptions say all four words. A query that names a role keeps every
 * word ("senior data engineer": "data" is part of the role).
 */
export function commonTopics(terms: readonly Concept[], typos: TypoPolicy): Set<number> {
  if (!typos.rarity || !typos.roles || terms.length < MANY_TOPICS) return new Set();
  if (terms.some((term) => term.words.some((word) => typos.roles!.has(word)))) return new Set();
  const common = new Set(
    terms.flatMap((term, i) => {
      const rarity = term.words.length === 1 ? typos.rarity!(term.words[0], 'description') : undefined;
      return rarity !== undefined && rarity < COMMON_RARITY ? [i] : [];
    }),
  );
  return common.size < terms.length ? common : new Set();
}

/** Typos are forgiven only on words of 4+ letters (one edit) or 7+ letters (two), never in the first letter. */
const TYPO_TOLERANCE = { fuzziness: 'AUTO:4,7', prefix_length: 1, max_expansions: 50 } as const;
/**
 * One edit from 4 letters on, whatever the length (no token reaches 256: the tokenizer splits at
 * 255). Two edits cost most of a search of unknown words: Elasticsearch rewrites each fuzzy
 * clause by walking the terms of every short field with the edit automaton, and at 400 000
 * postings "protect the company from hackers" took 24 ms with two edits everywhere, 10.5 with two
 * in titles and one elsewhere, 7 with one, 5 with none (TypoPolicy.longTypos).
 */
const ONE_EDIT_TOLERANCE = { ...TYPO_TOLERANCE, fuzziness: 'AUTO:4,256' } as const;
/** A word found only through a typo scores at most this share of an exact match. */
const TYPO_WEIGHT = 0.5;
/** A word found through a synonym ("k8s" for "kubernetes"): below the word itself, above a typo. */
const SYNONYM_WEIGHT = 0.8;
/** A neighbouring role ("devops" for "sre", ./synonyms relatedTo): below the role and its synonyms. */
const RELATED_WEIGHT = 0.3;
/** The field of a role or a role of the field ("data scientist" for "data science", ./synonyms ROLE_FAMILIES). */
const FAMILY_WEIGHT = 0.5;
/**
 * The roles of a field the query names alone ("nursing careers", "physiotherapy jobs"): the seeker
 * wants its roles as much as postings that name the field, whose titles are mostly assistant and
 * support roles ("Physiotherapy Assistant", "Nursing Associate").
 */
const FIELD_ALONE_FAMILY_WEIGHT = 1;
/**
 * Another form of the word ("analysts" for "analyst"). Each form is its own term with its own
 * rarity, and a rare form scores up to twice the common one (a title "Business Analysts" scored
 * 66 for "analyst" against 36 for a title "Data Analyst"); below half, the form the seeker typed
 * still ranks first, as a stemmed index would rank them together.
 */
const FORM_WEIGHT = 0.4;
/**
 * Another form of a word that names roles, asked for in the short fields only (formsQueries).
 * Its rarity is then taken over those fields alone, where the other form is rare: at FORM_WEIGHT,
 * titles "Registered Nurses" outranked every "Nurse" title for "nurse jobs" on the real postings.
 */
const SHORT_FIELD_FORM_WEIGHT = 0.2;

/**
 * Typos are looked for in the short fields only: in a long description a word one edit away
 * is usually another word ("data" and "date"), which would let unrelated jobs match.
 */
export const TYPO_FIELDS = new Set(['title', 'skills', 'organization', 'tags', 'location', 'department']);

const weighted = (suffix: string, only?: ReadonlySet<string>) =>
  Object.entries(FIELD_WEIGHTS)
    .filter(([field]) => !only || only.has(field))
    .map(([field, weight]) => `${field}${suffix}^${weight}`);

/**
 * A place named in a query ("nurse london") means where the job is: for a word the index knows
 * as a place (TypoPolicy.places, ./known-words), the location counts more
 * than skills, far above a passing mention of the place in a description. Other words keep the
 * location's low weight: "nurse" in a location named "Nurse Bank" is no reason to rank a job.
 */
const PLACE_WEIGHT = 4;

// The field lists ("title^6", ...) are the same for every word of every query: built once.
// The main fields keep words as written (no stemming); a word asks for its forms (./word-forms).
const WORD_FIELDS = weighted('');
const PLACE_WORD_FIELDS = WORD_FIELDS.map((field) => (field.startsWith('location^') ? `location^${PLACE_WEIGHT}` : field));
/** The fields of a word (all) and those where a word that names roles asks for its other forms (short: no description; formsQueries). */
type WordFields = { all: string[]; short: string[] };
const withShort = (all: string[]): WordFields => ({ all, short: all.filter((field) => !field.startsWith('description^')) });
const FIELDS_OF_WORD = withShort(WORD_FIELDS);
const FIELDS_OF_PLACE_WORD = withShort(PLACE_WORD_FIELDS);
const PLAIN_TYPO_FIELDS = weighted('.plain', TYPO_FIELDS);
/** PLAIN_TYPO_FIELDS split into the title and the rest (TypoPolicy.longTypos 'titles'). */
const PLAIN_TITLE_TYPO_FIELDS = PLAIN_TYPO_FIELDS.filter((field) => field.startsWith('title.'));
const PLAIN_OTHER_TYPO_FIELDS = PLAIN_TYPO_FIELDS.filter((field) => !field.startsWith('title.'));
const PLAIN_FIELDS = weighted('.plain');

/**
 * A term standing in for the query's words `typed` (a synonym, a neighbouring role, a role's
 * field), in `fields`; one of several words as a phrase. It never scores above the words typed
 * (times `weight`): a match scores about the sum of its words' rarities, so the weight is scaled
 * by the rarity of the words typed over the rarity of its own (TypoPolicy.rarity), each as
 * Elasticsearch weighs it: a word by its rarity over all the fields, a phrase by its words'
 * rarity in the field it stands in (the title, where they are rarest: "gp" is common in
 * descriptions, "general practitioner" rare in titles). An
 * abbreviation is rarer than the words it stands for: at a weight by word count alone, titles
 * "HCA Bank" outranked "Healthcare Assistant" in the place the seeker named. Without rarities
 * (no look-up) the weight is scaled by the number of words typed over its own.
 * A phrase scores by its words' rarity in the field it stands in ("Machine Learning Engineer"
 * titles rank first for "machine learning engineer" whichever spelling they use).
 */
function standInQuery(term: string, typed: readonly string[], weight: number, typos: TypoPolicy, fields = WORD_FIELDS): Query {
  const words = queryWords(term).words;
  const rarityIn = (word: string, field: RarityField) => typos.rarity?.(word, field) ?? NaN;
  const blended = (word: string) => blendedRarity(word, typos);
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  // A phrase is scored by its words' rarity in each field apart: where they are rarest.
  const own = words.length > 1 ? Math.max(...RARITY_FIELDS.map((field) => sum(words.map((w) => rarityIn(w, field))))) : blended(words[0]);
  const ratio = sum(typed.map(blended)) / own;
  const boost = round(weight * (Number.isFinite(ratio) && ratio > 0 ? ratio : typed.length / words.length));
  if (words.length === 1 && ENGLISH_STOP_WORDS.has(words[0])) return abbreviationQuery(words[0], boost);
  return {
    multi_match: {
      query: term,
      type: words.length > 1 ? 'phrase' : 'cross_fields',
      fields,
      boost,
    },
  };
}

/**
 * A word's rarity as Elasticsearch scores it over all the fields (cross_fields): in the field where
 * it is commonest. NaN when a field's rarity is not known.
 */
function blendedRarity(word: string, typos: TypoPolicy): number {
  return Math.min(...RARITY_FIELDS.map((field) => typos.rarity?.(word, field) ?? NaN));
}

/** Boosts with few decimals: they are part of the request (and of the request cache's key). */
const round = (value: number) => Math.round(value * 1000) / 1000;

/**
 * Which query words get typo tolerance: all of them, or only those the index does not know; and
 * which name places or roles (./known-words). Without that knowledge no word names either.
 */
export interface TypoPolicy {
  (word: string): boolean;
  /**
   * Words that name places (./known-words): in more job locations than job titles ("london", not
   * "nurse") and not far more often in descriptions ("beds"), or one of a pair of words that job
   * locations hold together ("redwood city").
   */
  readonly places?: ReadonlySet<string>;
  /** Words that name roles: in titles nearly as often as in descriptions ("nurse", not "schools"; ./known-words ROLE_TITLE_SHARE). */
  readonly roles?: ReadonlySet<string>;
  /** How rare a word is in a field (its inverse document frequency there), when known; ./known-words looks up the stand-ins' words too. */
  readonly rarity?: (word: string, field: RarityField) => number | undefined;
  /**
   * Where a word of 7+ letters may have two edits forgiven (TYPO_TOLERANCE), one elsewhere
   * (ONE_EDIT_TOLERANCE): in every short field (absent: keyword mode), in titles only, or nowhere.
   */
  readonly longTypos?: 'everywhere' | 'titles' | 'nowhere';
  /** For words the index does not know, the word each most likely meant (./spelling), which the search reads in its place (meantQuery). */
  readonly corrections?: ReadonlyMap<string, string>;
  /** For abbreviations the postings define, what each stands for ("slt": "speech and language therapist"; ./abbreviations), a synonym of it. */
  readonly definitions?: ReadonlyMap<string, string>;
}
const EVERY_WORD: TypoPolicy = () => true;

/** The fields whose rarities scale a stand-in (standInQuery): where nearly all of a job's score comes from. */
export const RARITY_FIELDS = ['title', 'description'] as const;
export type RarityField = (typeof RARITY_FIELDS)[number];

/** A US state named in full meets its code in the location ("california": "San Diego, CA"). */
function placeCodeQueries(word: string): Query[] {
  const code = placeCodeOf(word);
  return code ? [{ term: { 'location.plain': { value: code, boost: FIELD_WEIGHTS.location } } }] : [];
}

/**
 * The main clauses of a word: the word as typed in its best field (a word the tokenizer splits,
 * "front-end", in all its parts), and its other forms ("nurses" finds "nurse", ./word-forms) at
 * FORM_WEIGHT. The word's rarity is taken over all the fields together (cross_fields), so the
 * field weights decide: with each field's own rarity, "nurse" in the one employer named "Nurse
 * Jobs" (3 postings) scored 33 against 10 to 15 for "Nurse" in a title (5 000 postings). (A
 * second clause scoring title and description by their own rarity, so that "AI" in a title
 * counts more than in a description, left nDCG@10 on the judged set unchanged at a clause more
 * per word.)
 *
 * A word that names roles ("nurse", "engineer": TypoPolicy.roles) asks for its other forms in the
 * short fields only (at SHORT_FIELD_FORM_WEIGHT). In a description the other form is mostly about
 * colleagues: of the real postings that say "pharmacists" there but "pharmacist" nowhere, the
 * first fifteen are pharmacy technicians, nurses and GPs; "engineers" brought data scientists to
 * "engineer", "designers" data analysts to "designer". Other words ask for their forms in the
 * description too, where a setting is described: with the short fields alone, "teacher schools"
 * fell from 18 real postings to 3 and "care homes" from 2 376 to 898. Leaving the description
 * out of the forms of role words also takes 6-9 % off a four-word search over a million
 * postings, whose descriptions are full of "engineers", "developers" and "designers".
 */
function formsQueries(word: string, fields: WordFields, namesRoles: boolean, namesPlace: boolean): Query[] {
  if (ENGLISH_STOP_WORDS.has(word)) return [abbreviationQuery(word)];
  const itself: Query = { multi_match: { query: word, type: 'cross_fields', fields: fields.all, operator: 'and' } };
  // The name of a place has no plural ("manchesters").
  const others = namesPlace ? [] : formsOf(word).filter((form) => form !== word);
  if (others.length === 0) return [itself];
  const [formFields, boost] = namesRoles ? [fields.short, SHORT_FIELD_FORM_WEIGHT] : [fields.all, FORM_WEIGHT];
  return [itself, { multi_match: { query: others.join(' '), type: 'cross_fields', fields: formFields, boost } }];
}

/**
 * A stop word kept as an abbreviation ("it", ./query-words ABBREVIATION_STOP_WORDS), which the
 * main fields drop: in the short fields as written, where "IT" names the job; descriptions use it
 * as a pronoun.
 */
function abbreviationQuery(word: string, boost?: number): Query {
  return {
    multi_match: {
      query: word,
      type: 'best_fields',
      fields: PLAIN_TYPO_FIELDS,
      operator: 'and',
      ...(boost === undefined ? {} : { boost }),
    },
  };
}

/**
 * A word as typed, with typos forgiven, in its best short field: two edits in a word of 7+ letters
 * where `longTypos` says, one elsewhere. Split in two clauses, the best field still counts alone.
 */
function typoQueries(word: string, longTypos: NonNullable<TypoPolicy['longTypos']>): Query[] {
  const clause = (fields: string[], tolerance: typeof TYPO_TOLERANCE | typeof ONE_EDIT_TOLERANCE): Query => ({
    multi_match: { query: word, type: 'best_fields', fields, operator: 'and', ...tolerance, boost: TYPO_WEIGHT },
  });
  if (longTypos === 'everywhere') return [clause(PLAIN_TYPO_FIELDS, TYPO_TOLERANCE)];
  if (longTypos === 'nowhere') return [clause(PLAIN_TYPO_FIELDS, ONE_EDIT_TOLERANCE)];
  return [clause(PLAIN_TITLE_TYPO_FIELDS, TYPO_TOLERANCE), clause(PLAIN_OTHER_TYPO_FIELDS, ONE_EDIT_TOLERANCE)];
}

/**
 * One word of the query: its best field counts, in any of its forms ("developers" finds
 * "developer") or, with a typo ("typscript" finds "TypeScript"), as typed at a lower weight, or
 * through a synonym ("k8s" finds "Kubernetes", ./synonyms) at a weight between the two. An
 * experience level or job type ("senior", "internship") matches those fields too.
 *
 * Only the best field counts (no tie_breaker): with one, Elasticsearch cannot skip documents
 * that cannot reach the top, and a common word over a million postings took 29 ms instead of 4.
 * The typo clause is left out for words the index knows: their fuzzy expansions are other real
 * words ("engineer", "engineers", "engineered") whose postings cost more than the word itself.
 * `type` holds one of JOB_TYPES, so only those words are looked up there: a term that cannot
 * match still costs a look-up in every segment (1-2 % of a four-word search over a million postings).
 */
function wordQuery(word: string, typos: TypoPolicy, standIns: readonly Query[]): Query {
  const namesPlace = typos.places?.has(word) ?? false;
  return {
    dis_max: {
      queries: [
        ...formsQueries(word, namesPlace ? FIELDS_OF_PLACE_WORD : FIELDS_OF_WORD, typos.roles?.has(word) ?? false, namesPlace),
        ...(typos(word) ? typoQueries(word, typos.longTypos ?? 'everywhere') : []),
        ...standIns,
        ...placeCodeQueries(word),
        { term: { 'experience.lower': { value: word, boost: FIELD_WEIGHTS.description } } },
        ...(isJobType(word) ? [{ term: { type: { value: word, boost: FIELD_WEIGHTS.description } } } as Query] : []),
      ],
    },
  };
}

/**
 * The words of a term that must stand together (./synonyms PHRASE_CONCEPTS: "computer vision"
 * is not "computer science" and "colour vision"), its last word in any of its forms ("learning
 * disabilities"), in any field.
 */
function phraseQuery(words: readonly string[]): Query {
  const head = words.slice(0, -1).join(' ');
  return {
    dis_max: {
      queries: formsOf(words[words.length - 1]).map((last) => ({
        multi_match: { query: `${head} ${last}`, type: 'phrase', fields: WORD_FIELDS },
      })),
    },
  };
}

/** The short fields, where the field of a role names the job ("Data Science Manager"), not a passing mention. */
const FAMILY_FIELDS = FIELDS_OF_WORD.short;

/**
 * One term of the query (./synonyms): a word, or the words of a multi-word term, which must
 * all match (as a phrase, for a phrase concept) unless a stand-in does: a synonym ("ml" for
 * "machine learning"), a neighbouring role or a role of the same family ("data scientist" for
 * "data science"), each below the words typed (standInQuery).
 */
function conceptQuery({ words, synonyms, related, family, phrase }: Concept, typos: TypoPolicy, familyWeight = FAMILY_WEIGHT): Query {
  const standIns = [
    ...synonyms.map((synonym) => standInQuery(synonym, words, SYNONYM_WEIGHT, typos)),
    ...related.map((term) => standInQuery(term, words, RELATED_WEIGHT, typos)),
    ...family.map((term) => standInQuery(term, words, familyWeight, typos, FAMILY_FIELDS)),
  ];
  if (words.length === 1 && !phrase) return wordQuery(words[0], typos, standIns);
  const itself = phrase
    ? phraseQuery(words)
    : { bool: { must: concepts(words, typos, words.length).map((part) => conceptQuery(part, typos)) } };
  return standIns.length === 0 ? itself : { dis_max: { queries: [itself, ...standIns] } };
}

/** A query of stop words only ("IT"): matched as typed, in the .plain fields, which keep them. */
function stopWordsQuery(q: string): Query {
  return { multi_match: { query: q, type: 'best_fields', fields: PLAIN_FIELDS, operator: 'and' } };
}

/** Whether a query has enough role words that RELAXED_WORDS_MATCHED asks for fewer than MINIMUM_WORDS_MATCHED. */
export function canRelax(q: string, typos?: TypoPolicy): boolean {
  const meant = meantQuery(q, typos);
  if (queryWords(meant).onlyStopWords) return false;
  const intent = understandQuery(meant, typos?.roles);
  return termGroups(concepts(intent.role), intent.alternatives).length + (intent.grades.length > 0 ? 1 : 0) >= 2;
}

/** How many of its words a search in `mode` requires of every job. */
function wordsMatched(mode: MatchMode): string {
  if (mode.halfTheWords) return HALF_THE_WORDS_MATCHED;
  return mode.relaxed ? RELAXED_WORDS_MATCHED : MINIMUM_WORDS_MATCHED;
}

/**
 * A query that names no role (TypoPolicy.roles), as the seeker meant it, read; and whether it is
 * a sentence, with a stop word or filler among its words, rather than a list of words. Undefined
 * when it names a role, is only stop words, or the index's knowledge of roles is missing: then
 * neither ./described-work nor isTopicList reads it otherwise than as words.
 */
export function readWithoutRole(q: string, typos: TypoPolicy | undefined): { intent: QueryIntent; sentence: boolean } | undefined {
  if (!typos?.roles) return undefined;
  const meant = meantQuery(q, typos);
  if (queryWords(meant).onlyStopWords) return undefined;
  const intent = understandQuery(meant, typos.roles);
  if (intent.role.some((word) => typos.roles!.has(word))) return undefined;
  return { intent, sentence: queryTokens(meant).length > intent.role.length };
}

/**
 * Whether a query is a list of topics or skills: three terms or more, none naming roles
 * (TypoPolicy.roles), and no stop word or filler among its words ("depot injections clozapine",
 * "motivational interviewing relapse prevention"). When such a list finds fewer than a page, the
 * jobs with half its words are the next best answers, beside those near in meaning
 * (HALF_THE_WORDS_MATCHED). A sentence ("looking after people's feet and toenails") is not a
 * list: its words are the seeker's, not the postings', and meaning alone fills its page better.
 */
export function isTopicList(q: string, typos?: TypoPolicy): boolean {
  const read = readWithoutRole(q, typos);
  if (!read || read.sentence) return false;
  return termGroups(concepts(read.intent.role), read.intent.alternatives).length >= TOPIC_LIST_TERMS;
}

/** From this many terms a list is long enough that half of them still says what it is about: of two, one would be a single skill. */
const TOPIC_LIST_TERMS = 3;

/**
 * The query as the seeker meant it: each word the index does not know replaced by the word it
 * most likely meant (TypoPolicy.corrections), so that "radiografer leeds" is searched, placed,
 * expanded and weighed as "radiographer leeds". A word with no likely meaning stays, with its typo
 * tolerance.
 */
export function meantQuery(q: string, typos?: TypoPolicy): string {
  const corrections = typos?.corrections;
  if (!corrections || corrections.size === 0) return q;
  return q
    .split(/\s+/)
    .map((token) => corrections.get(queryTokens(token)[0] ?? '') ?? token)
    .join(' ');
}

/**
 * How strictly a search asks for its words and its place; ../run/search-jobs tries the
 * strictest first. A place the query names ("physiotherapist leeds") is `required` of every job
 * or, when too few jobs there match, comes `first`: every job in the place above every job
 * elsewhere (PLACE_FIRST).
 */
export interface MatchMode {
  /** One word fewer required (RELAXED_WORDS_MATCHED). */
  relaxed: boolean;
  /** Half the words required (HALF_THE_WORDS_MATCHED); only to fill a page beside meaning. */
  halfTheWords?: boolean;
  place: 'required' | 'first';
}
export const STRICT: MatchMode = { relaxed: false, place: 'required' };

/** The two parts of a search's scoring: what must match (and scores), and what lifts the best of those. */
export interface RelevanceQuery {
  match: Query;
  /** Phrase clauses, applied to the top PHRASE_WINDOW hits only (search-request: rescore). */
  phrases?: Query;
  /** The words of the query that name places (TypoPolicy.places) and decide where the jobs are. */
  places: string[];
  /**
   * With places: the jobs whose title names the role (roleInTitle), whose number in the place
   * decides whether jobs elsewhere are let in (../run/search-jobs).
   */
  roleInTitle?: Query;
}

/**
 * How many of the best hits the phrase clauses re-rank: at least a page of the largest limit.
 * Scored on every match instead, they took half the time of a four-word search over a million
 * postings (36 ms against 22). Jobs outside the window keep their order, page after page.
 */
export const PHRASE_WINDOW = 100;

/**
 * What must match: the role words of the query (./query-intent), each in any field
 * (term-centric), enough of them (MINIMUM_WORDS_MATCHED, or RELAXED_WORDS_MATCHED when
 * relaxed). Filler ("jobs") never counts, so a query cannot match on filler alone. The places
 * (words the index knows as places: "bristol") say where the job is (MatchMode place): a seeker
 * who names a city wants the jobs there, and may look elsewhere only when there are too few.
 * Its level, type and remote work favour the jobs that have them (./intent-clauses). A query of
 * places alone ("london") asks for them as words.
 */
function matchQuery(
  intent: QueryIntent,
  typos: TypoPolicy,
  mode: MatchMode,
): { match: Query; places: string[]; onePhrase: boolean; roleInTitle?: Query } {
  const places = placesOf(intent, typos.places);
  const roleWords = intent.role.filter((word) => !places.includes(word));
  const terms = withDefinitions(concepts(roleWords, typos), typos.definitions);
  const onePhrase = terms.length === 1 && terms[0].phrase;
  const familyWeight = terms.length === 1 ? FIELD_ALONE_FAMILY_WEIGHT : FAMILY_WEIGHT;
  const termQueries = terms.map((concept) => conceptQuery(concept, typos, familyWeight));
  const common = commonTopics(terms, typos);
  const groups = termGroups(terms, intent.alternatives);
  // Terms offered as alternatives ("warehouse or stores") count as one: either matches.
  const groupQueries = groups.map((group) =>
    group.length === 1 ? termQueries[group[0]] : { dis_max: { queries: group.map((i) => termQueries[i]) } },
  );
  const isOptional = (group: readonly number[]) => group.length === 1 && common.has(group[0]);
  const [optional, roleRequired] = [
    groupQueries.filter((_, g) => isOptional(groups[g])),
    groupQueries.filter((_, g) => !isOptional(groups[g])),
  ];
  const required = intent.grades.length === 0 ? roleRequired : [...roleRequired, gradeClause(intent.grades)];
  const asked: Query = {
    bool: { should: required, minimum_should_match: wordsMatched(mode) },
  };
  // A common word of a query of topics scores where a job has it, and is no reason to leave a job out.
  const role: Query = optional.length === 0 ? asked : { bool: { must: asked, should: optional } };
  const namesRole = roleWords.some((word) => typos.roles?.has(word));
  // Relaxed, a query of skills keeps the jobs with every word first (EVERY_WORD_FIRST).
  const everyWord: Query[] =
    mode.relaxed && !namesRole
      ? [
          {
            constant_score: {
              filter: { bool: { should: groupQueries, minimum_should_match: MINIMUM_WORDS_MATCHED } },
              boost: EVERY_WORD_FIRST,
            },
          },
        ]
      : [];
  const qualifier = mode.relaxed ? distinguishingQualifier(terms, typos) : undefined;
  // A term offered with an alternative is no qualifier: the seeker said either will do.
  const keepsQualifier: Query[] =
    qualifier === undefined || !groups.some((group) => group.length === 1 && group[0] === qualifier)
      ? []
      : [{ constant_score: { filter: termQueries[qualifier], boost: QUALIFIER_FIRST } }];
  // Relaxed, the jobs that keep every role word come first, before those that keep the grade but not the
  // role: a principal pharmacist at band 8a answers "band 8b principal pharmacist" better than a band 8b
  // psychologist, whose title's band outscored the pharmacist's title.
  const keepsRole: Query[] =
    mode.relaxed && intent.grades.length > 0 && roleRequired.length > 0
      ? [{ constant_score: { filter: { bool: { must: roleRequired } }, boost: QUALIFIER_FIRST } }]
      : [];
  // Known to name no role (the look-up answered): a query of skills or topics, scored on its words together too.
  const together = typos.roles !== undefined && !namesRole && terms.length >= 2 ? [wordsTogetherQuery(roleWords)] : [];
  const favoured = [...intentClauses(intent), ...everyWord, ...keepsQualifier, ...keepsRole, ...together];
  if (places.length === 0) return { match: favoured.length === 0 ? role : { bool: { must: role, should: favoured } }, places, onePhrase };
  const named = roleInTitle(terms, groups);
  // Required, the place filters; let in, it lifts the jobs there whose title names the role above all others.
  const place: Pick<estypes.QueryDslBoolQuery, 'filter' | 'should'> =
    mode.place === 'required'
      ? { filter: [inPlace(places, intent.alternatives)], should: favoured }
      : {
          should: [
            ...favoured,
            { constant_score: { filter: { bool: { must: [inPlace(places, intent.alternatives), named] } }, boost: PLACE_FIRST } },
          ],
        };
  return { match: { bool: { must: role, ...place } }, places, onePhrase, roleInTitle: named };
}

/** Terms of one abbreviation with a definition the postings give (TypoPolicy.definitions), which stands in for it as a synonym does. */
function withDefinitions(terms: Concept[], definitions: ReadonlyMap<string, string> | undefined): Concept[] {
  if (!definitions || definitions.size === 0) return terms;
  return terms.map((term) => {
    const definition = term.words.length === 1 ? definitions.get(term.words[0]) : undefined;
    return definition && !term.synonyms.includes(definition) ? { ...term, synonyms: [...term.synonyms, definition] } : term;
  });
}

/**
 * The query's terms as the seeker offered them, as groups of term indices in order: each term
 * alone, or the terms of words joined by "or" together (./query-intent alternatives), either of
 * which will do ("warehouse or stores": one group of two; "python or java developer": python or
 * java, and developer).
 */
export function termGroups(terms: readonly Concept[], alternatives: readonly (readonly [string, string])[]): number[][] {
  return alternativeGroups(terms, alternatives, (term, word) => term.words.includes(word));
}

/**
 * Which of the query's terms (by index) is its distinguishing qualifier: a term that names no
 * role (TypoPolicy.roles) and is rarer than every term that does (each word by blendedRarity, a
 * term's words added), the rarest such. None
 * unless the query names a role beside it, or without rarities. The role is the generic part
 * that many jobs share ("technician", "analyst"); a rarer qualifier is what tells the seeker's
 * job apart. A rarer word that names roles does not count ("locum" of "locum pharmacist":
 * pharmacists without locum are the better answer than locum GPs), nor one rarer than no role
 * ("ux" of "ux designer", "entry" of "data entry clerk"), unless it stands before the last role
 * term, the job's noun, and is far rarer than it (ROLE_QUALIFIER_MARGIN). A query of skills names
 * no role: each of its words is as much the point as the other.
 */
export function distinguishingQualifier(terms: readonly Concept[], typos: TypoPolicy): number | undefined {
  if (!typos.rarity) return undefined;
  const rarities = terms.map((term) => term.words.reduce((sum, word) => sum + blendedRarity(word, typos), 0));
  if (rarities.some((rarity) => !Number.isFinite(rarity))) return undefined;
  const namesRole = terms.map((term) => term.words.some((word) => typos.roles?.has(word) ?? false));
  const roleRarities = rarities.filter((_, i) => namesRole[i]);
  if (roleRarities.length === 0) return undefined;
  const rarestRole = Math.max(...roleRarities);
  // The rarest term that passes, if any.
  const rarestWhere = (passes: (i: number) => boolean) =>
    rarities.reduce<number | undefined>(
      (best, rarity, i) => (passes(i) && (best === undefined || rarity > rarities[best]) ? i : best),
      undefined,
    );
  const noun = namesRole.lastIndexOf(true);
  return (
    rarestWhere((i) => !namesRole[i] && rarities[i] > rarestRole) ??
    rarestWhere((i) => i < noun && rarities[i] > rarities[noun] + ROLE_QUALIFIER_MARGIN)
  );
}

/**
 * How much rarer (in BM25's rarity, a natural log: about seven times fewer postings) a word that
 * names roles must be than the job's noun after it to tell the job apart as a qualifier does
 * (distinguishingQualifier): "neurophysiology" of "neurophysiology technician" is a field titles
 * name ("Consultant in Neurophysiology"), and without it the IT and pharmacy technicians came
 * before the clinical physiologists whose descriptions say neurophysiology. "locum" of "locum
 * pharmacist" is about as rare as "pharmacist" and stays a role word. Spent sets (2 215 queries):
 * 5 up, 1 down at 2 ("str worker": StR is also a specialty registrar); at 1, 4 up, 2 down.
 */
const ROLE_QUALIFIER_MARGIN = 2;

/** The words of a query that name places, and the pairs it offers as alternatives ("leeds or york"). */
function placesNamed(typed: string, typos: TypoPolicy): { places: string[]; alternatives: [string, string][] } {
  const q = meantQuery(typed, typos);
  if (queryWords(q).onlyStopWords) return { places: [], alternatives: [] };
  const intent = understandQuery(q, typos.roles);
  return { places: placesOf(intent, typos.places), alternatives: intent.alternatives };
}

/** The words of a query that name places (matchQuery): the same for every MatchMode. */
export function namedPlaces(typed: string, typos: TypoPolicy = EVERY_WORD): string[] {
  return placesNamed(typed, typos).places;
}

/** The jobs located in the places a query names (namedPlaces), as matchQuery requires them; none when it names none. */
export function namedPlaceClause(typed: string, typos: TypoPolicy = EVERY_WORD): Query | undefined {
  const { places, alternatives } = placesNamed(typed, typos);
  return places.length === 0 ? undefined : inPlace(places, alternatives);
}

/**
 * The scoring of a search: what must match (matchQuery). Phrase clauses then lift the jobs
 * where the words stand together: the exact phrase in the title most, then adjacent word pairs
 * in the title and in the description. Filler words are left out of the phrase ("nurse jobs"
 * is compared as "nurse"), and in the description the level and type words too.
 */
export function relevanceQuery(typed: string, typos: TypoPolicy = EVERY_WORD, mode: MatchMode = STRICT): RelevanceQuery {
  const q = meantQuery(typed, typos);
  const { words, onlyStopWords } = queryWords(q);
  if (words.length === 0) return { match: { match_none: {} }, places: [] };
  const intent = onlyStopWords ? undefined : understandQuery(q, typos.roles);
  const phrase = intent?.phraseText ?? q;
  const { match, places, onePhrase, roleInTitle } = intent
    ? matchQuery(intent, typos, mode)
    : { match: stopWordsQuery(q), places: [], onePhrase: false, roleInTitle: undefined };
  // One word is no phrase: its "phrase" in the title only doubled the title's weight ("RN" as a
  // job code in "IAPT Therapist (BNSSG 619 RN)" outranked nurses), and cost a rescore. Nor is a
  // role that is one phrase concept, which must match as a phrase already: lifting it again
  // ranked "Data Science Manager" on site above "Data Scientist - Remote" for "remote data science job".
  if (!phrase.includes(' ') || onePhrase) return { match, places, roleInTitle };
  return {
    match,
    places,
    roleInTitle,
    phrases: {
      bool: {
        should: [
          { match_phrase: { 'title.plain': { query: phrase, boost: 4 } } },
          { match: { 'title.pairs': { query: phrase, boost: 2 } } },
          { match: { 'description.pairs': { query: intent?.rolePhrase ?? q, boost: 1 } } },
        ],
      },
    },
  };
}
