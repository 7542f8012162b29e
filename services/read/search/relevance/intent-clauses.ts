import type { estypes } from '@elastic/elasticsearch';
import type { JobTypeValue } from '../../../../shared/schemas/common';
import type { Level, QueryIntent } from './query-intent';

type Query = estypes.QueryDslQueryContainer;

/**
 * How a seniority level shows in a posting: the `experience` values that state it (lowercase,
 * as `experience.lower` keeps them; LinkedIn's own levels among them), the title words that
 * name it, and the title words of the levels next to it (`near`, NEAR_LEVEL_WEIGHT). LinkedIn's
 * "Mid-Senior level" states no level: half its postings carry it, juniors' and heads' alike, so
 * it is no sign of "senior" or "lead".
 */
const LEVELS: Record<Level, { experience: string[]; title: string; near?: string }> = {
  intern: { experience: ['internship', 'intern'], title: 'intern internship placement' },
  entry: { experience: ['entry level', 'entry-level', 'entry', 'junior', 'graduate'], title: 'junior graduate trainee entry jr' },
  mid: { experience: ['mid level', 'mid-level', 'mid', 'intermediate', 'associate'], title: 'mid intermediate' },
  senior: { experience: ['senior', 'senior level'], title: 'senior sr snr', near: 'lead principal specialist advanced' },
  lead: { experience: ['lead'], title: 'lead leader', near: 'senior sr snr principal' },
  principal: { experience: ['principal', 'staff'], title: 'principal', near: 'senior sr snr lead' },
  head: { experience: ['director', 'executive', 'head'], title: 'head director', near: 'manager chief' },
};

/** How a job type shows in a posting's text, besides its `type`. */
const TYPE_PHRASES: Record<JobTypeValue, string[]> = {
  full_time: ['full time', 'permanent'],
  part_time: ['part time'],
  contract: ['contract', 'fixed term', 'temporary'],
  internship: ['internship', 'intern'],
  freelance: ['freelance'],
  volunteer: ['volunteer'],
};

/**
 * The weight of a named level, type or remote work. A job that states it (its `experience` or
 * `type`: a fixed score) outranks one that does not among jobs of the same role, whose scores
 * are close together; a role word in a title scores 30 to 40, with the phrase boosts, so it
 * never lifts a job of another role above them. A title that names it ("Senior ...") scores
 * about as much, by the rarity of the word.
 */
const STATED_WEIGHT = 15;
/**
 * A level named in the title ("Lead Physiotherapist") says what the job is, and outranks a
 * level a source tagged it with (TAGGED_LEVEL_WEIGHT), which is noisy; a posting with both
 * gets both. At a fixed score, not by rarity: "lead" in a title is no less a lead role for being
 * common. (Tagged at STATED_WEIGHT and not added to the title's score, postings tagged
 * "Mid-Senior level" filled the phrase re-ranking window of "lead ..." searches.)
 */
const TITLE_LEVEL_WEIGHT = 20;
const TAGGED_LEVEL_WEIGHT = 12;
const TYPE_WEIGHT = 3;
/**
 * A job worked remotely, for a query that asks for remote work: most who ask cannot take a job
 * on site, so it counts as much as a role word in a title, more than a type or a level. At
 * STATED_WEIGHT, an on-site "Data Science Manager" outranked "Data Scientist - Remote" for
 * "remote data science job" (the field's phrase in a title scores about 28, its role about 17).
 */
const REMOTE_STATED_WEIGHT = 30;
/**
 * A type or remote work mentioned in the description only ("Position Type: Contract", but also
 * "part time hours considered"): a fixed hint, two thirds of a stated one, which orders jobs of the
 * same role when most postings state no type of their own. (Scored by rarity, a word as common
 * as "contract" added 2 or 3 points, less than two titles "Java Developer" differ by.)
 */
const MENTION_WEIGHT = 10;
/**
 * The words the seeker typed for a type ("fixed term"), said in the description: above the type
 * a source stated (an NHS post typed TEMPORARY may be open-ended bank work), as the words typed
 * rank above their synonyms.
 */
const TYPED_WEIGHT = 20;

/**
 * A title at a level next to the one asked for: a seeker who asks for a senior post wants the
 * lead, principal, specialist and advanced posts too (the NHS names its senior grades so:
 * "Highly Specialist Dietitian", "Advanced Practitioner Sonographer"), one who asks for a lead
 * or staff post the senior and principal ones, one who asks for the head of a service its
 * manager. Half the level's own title weight: among jobs of the role they come after the titles
 * that name the level and before those that name none. (Measured on the judged sets: 7 queries
 * rose, "senior dietitian" 0.71 -> 1.00, "head of pharmacy" 0.52 -> 0.87; 2 fell by 0.04-0.06;
 * at 15, postings of the neighbouring level outranked the level's own.)
 */
const NEAR_LEVEL_WEIGHT = 10;

/**
 * An internship asked for ("machine learning internship") comes first: every job that is one
 * (INTERNSHIP) above every job that is not, best match first within each, as the jobs in a place
 * named come first (./place-clauses PLACE_FIRST, which stays above it). A seeker who asks for an
 * internship cannot take the full-time post however well its title matches: scored as the other
 * levels are, "Machine Learning Scientist" titles (the field's rare words in a title, about 60)
 * outranked "Data Scientist Intern" (20 for the level in the title, 15 for the type).
 */
const INTERNSHIP_FIRST = 200;

/** A job that is an internship: its title, its level tag or its type says so. */
const INTERNSHIP: Query = {
  bool: {
    should: [
      { match: { 'title.plain': LEVELS.intern.title } },
      { terms: { 'experience.lower': LEVELS.intern.experience } },
      { term: { type: 'internship' } },
    ],
  },
};

function levelClause(level: Level): Query {
  if (level === 'intern') return { constant_score: { filter: INTERNSHIP, boost: INTERNSHIP_FIRST } };
  const { experience, title, near } = LEVELS[level];
  const named: Query = { constant_score: { filter: { match: { 'title.plain': title } }, boost: TITLE_LEVEL_WEIGHT } };
  const inTitle: Query = near
    ? { dis_max: { queries: [named, { constant_score: { filter: { match: { 'title.plain': near } }, boost: NEAR_LEVEL_WEIGHT } }] } }
    : named;
  return {
    bool: {
      should: [inTitle, { constant_score: { filter: { terms: { 'experience.lower': experience } }, boost: TAGGED_LEVEL_WEIGHT } }],
    },
  };
}

function typeClause(type: JobTypeValue, typed: readonly string[]): Query {
  const phrases = TYPE_PHRASES[type];
  return {
    dis_max: {
      queries: [
        { constant_score: { filter: { term: { type } }, boost: STATED_WEIGHT } },
        ...phrases.map((phrase) => ({ match_phrase: { 'title.plain': { query: phrase, boost: TYPE_WEIGHT } } })),
        // The words the seeker typed, in the description, count more than the type stated; another word for the type less.
        ...[...new Set([...typed, ...phrases])].map((phrase) => ({
          constant_score: {
            filter: { match_phrase: { 'description.plain': phrase } },
            boost: typed.includes(phrase) ? TYPED_WEIGHT : MENTION_WEIGHT,
          },
        })),
      ],
    },
  };
}

/**
 * Remote work: a job worked remotely (`workplace_type`, from the location), or whose location
 * or title says remote ("Data Scientist - Remote"), at REMOTE_STATED_WEIGHT; barely, one whose
 * description mentions it. (Documents indexed before `workplace_type` existed lack it: they match
 * on the words alone.)
 */
const REMOTE_CLAUSE: Query = {
  dis_max: {
    queries: [
      {
        constant_score: {
          filter: {
            bool: {
              should: [
                { term: { workplace_type: 'remote' } },
                { match: { 'location.plain': 'remote' } },
                { match: { 'title.plain': 'remote' } },
              ],
            },
          },
          boost: REMOTE_STATED_WEIGHT,
        },
      },
      { constant_score: { filter: { match: { 'description.plain': 'remote' } }, boost: MENTION_WEIGHT } },
    ],
  },
};

// A level's clause depends on the level alone: built once, as REMOTE_CLAUSE is, not per search.
// A type's depends on the words that named it too (typeClause), so it is built per search.
const LEVEL_CLAUSES = Object.fromEntries(Object.keys(LEVELS).map((level) => [level, levelClause(level as Level)])) as Record<Level, Query>;

/**
 * The pay grades named ("band 8a"; "band 5 or band 6": either), one term of those the query
 * requires (../relevance matchQuery): as its words together in the title or the description (NHS
 * postings state their band there; "band" and "7" apart matched "Band 5" and "7 days"), and
 * scored at fixed weights, as a level is: stated at all, and more in the title, the surest sign (a
 * description may say "band 6/7" or "develops to band 7"). Scored by their rarity as words, "band
 * 8a" in a title outweighed the role: "Application Engineer (Band 8a)" outranked project managers
 * for "band 8a project manager".
 */
export function gradeClause(grades: readonly string[]): Query {
  const stated = (grade: string): Query => ({
    multi_match: { query: grade, type: 'phrase', fields: ['title.plain', 'description.plain'] },
  });
  const titled = (grade: string): Query => ({ match_phrase: { 'title.plain': grade } });
  const any = (clauses: Query[]): Query => (clauses.length === 1 ? clauses[0] : { bool: { should: clauses } });
  return {
    bool: {
      must: { constant_score: { filter: any(grades.map(stated)), boost: STATED_WEIGHT } },
      should: { constant_score: { filter: any(grades.map(titled)), boost: TITLE_LEVEL_WEIGHT } },
    },
  };
}

/** The optional clauses that favour jobs of the levels, types and remote work a query names. */
export function intentClauses(intent: QueryIntent): Query[] {
  return [
    ...intent.levels.map((level) => LEVEL_CLAUSES[level]),
    ...intent.types.map((type) => typeClause(type, intent.typeWords[type] ?? [])),
    ...(intent.remote ? [REMOTE_CLAUSE] : []),
  ];
}
