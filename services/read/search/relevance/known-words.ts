import type { estypes } from '@elastic/elasticsearch';
import { RARITY_FIELDS, type RarityField, type TypoPolicy } from './relevance';
import { TYPO_FIELDS } from './relevance';
import { lookUpDefinitions } from './abbreviations';
import { concepts, synonymsOf } from './synonyms';
import { queryWords } from './query-words';
import { suggestCorrections, type SuggestClient } from './spelling';
import { worldPlaceNames } from './world-places';
import { locationsHolding, nameBefore } from './name-parts';

/** How the cache of known words behaves; the defaults suit a read instance. */
export interface KnownWordsOptions {
  /** Postings in one short field from which a word counts as known (fewer: a typo others made too), or as a place. */
  minDocs: number;
  /** Words remembered at most; the oldest are forgotten first. */
  maxEntries: number;
  /**
   * How long an answer holds: a word new to the index becomes known within this time (twice it,
   * for a query asked again and again, whose settled policy holds this long too).
   */
  ttlMs: number;
  /** Longest wait for a look-up; past it the words are treated as unknown (typo tolerance, as before). */
  timeoutMs: number;
  /**
   * How many times more postings the word a seeker meant must have, in the field where it is
   * found, than the word typed has anywhere (./spelling), and minDocs at least: a word of
   * descriptions that titles lack ("analyse", 300 descriptions) is no typo of a title word near it
   * ("analyst"), while a word no posting has is read as any known word near it ("optomitrist" as
   * "optometrist", 9 titles of the real postings).
   */
  correctionMargin: number;
  /** The names of the world's places (./world-places), one word or two: places even where too few job locations hold them to tell. */
  worldPlaces: () => Promise<ReadonlySet<string>>;
}

const DEFAULTS: KnownWordsOptions = {
  minDocs: 3,
  maxEntries: 50_000,
  ttlMs: 10 * 60_000,
  timeoutMs: 300,
  correctionMargin: 20,
  worldPlaces: worldPlaceNames,
};

type TermVectors = Record<string, { terms?: Record<string, { doc_freq?: number }>; field_statistics?: { doc_count?: number } }>;

/** The calls KnownWords makes to Elasticsearch: a Client answers them, and so does a unit test's stand-in. */
export interface TermVectorsClient extends SuggestClient {
  termvectors(request: estypes.TermvectorsRequest, options: { requestTimeout: number }): Promise<{ term_vectors?: TermVectors }>;
}

/**
 * A word names roles when job titles have it at least this share as often as descriptions do:
 * "nurse", "engineer", "analyst", "manager" (0.2 to 1.2 on the real postings), not "schools",
 * "homes", "care", "teams" or "patients" (0.001 to 0.09), which describe a job's setting.
 */
export const ROLE_TITLE_SHARE = 0.15;

/** The fields whose document frequencies the look-up reads: the short ones, and the description for ROLE_TITLE_SHARE. */
const LOOKED_UP_FIELDS = [...TYPO_FIELDS, 'description'];

/** The fields whose adjacent word pairs (`.pairs`) say whether two query words name one place (namesPlaceTogether). */
const PAIR_FIELDS = ['location', 'title', 'description'] as const;
type PairField = (typeof PAIR_FIELDS)[number];

/**
 * Which query words the index knows, so that only the others get typo tolerance
 * (./relevance). A known word is matched as written: the fuzzy expansions of "engineer" are
 * other real words whose postings cost more than the word itself, and a seeker who typed a
 * word that hundreds of titles contain meant that word. One `_termvectors` request with an
 * artificial document gives the document frequency of every new word in every short field and
 * the description;
 * answers are kept per instance, so a word costs that round trip once per TTL. When the look-up
 * fails (or takes longer than timeoutMs), every word keeps its typo tolerance: slower, never worse.
 *
 * The policy of a query is settled once given: the same words get the same policy for ttlMs,
 * whatever happens to the answers of its words in between. The pages of a search match the same
 * jobs in the same way, so paging neither skips nor repeats a job when one request's look-up
 * timed out and the next one's did not, or a word's answer expired between two pages.
 */
export class KnownWords {
  private readonly known = new Map<string, WordAnswer & { until: number }>();
  /** Jobs with a title and with a description at the last look-up: the N of a word's rarity there. */
  private readonly jobsWith: Record<RarityField, number> = { title: 0, description: 0 };
  /** The word each unknown word most likely meant (./spelling), or none, when it was asked. */
  private readonly meant = new Map<string, { word: string | undefined; until: number }>();
  /** What each abbreviation asked about stands for where postings define it (./abbreviations), or nothing. */
  private readonly defined = new Map<string, { definition: string | undefined; until: number }>();
  /** Whether two adjacent words ("redwood city") name one place (namesPlaceTogether), by the pair. */
  private readonly pairs = new Map<string, { place: boolean; until: number }>();
  /** The word before which each place word stands in nearly every location that holds it ("james" of "cook"; ./name-parts), or none. */
  private readonly nameParts = new Map<string, { before: string | undefined; until: number }>();
  /** The policies given, by the query's distinct words in order. */
  private readonly settled = new Map<string, { policy: TypoPolicy; until: number }>();
  private readonly options: KnownWordsOptions;

  constructor(
    private readonly client: TermVectorsClient,
    private readonly index: string,
    options: Partial<KnownWordsOptions> = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
    // Loaded as the service starts, so that its first search does not wait for the names.
    void this.options.worldPlaces();
  }

  /**
   * The typo policy for a query of these words: tolerance for each word the index does not know
   * but abbreviations (ABBREVIATION_LETTERS), the words that name places: in more job locations than job titles ("london", "bristol";
   * not "nurse", though some locations are named "Nurse Bank"), those that name roles
   * (ROLE_TITLE_SHARE), the word each unknown word most likely meant (./spelling), which the
   * search reads in its place (TypoPolicy.corrections), and what each abbreviation the postings
   * spell out stands for (./abbreviations, TypoPolicy.definitions).
   */
  async typoPolicy(words: readonly string[], now = Date.now()): Promise<TypoPolicy> {
    const distinct = [...new Set(words)];
    // In order: adjacent words may name one place together ("redwood city"), and "city redwood" does not.
    const key = distinct.join(' ');
    const settled = this.settled.get(key);
    if (settled && settled.until > now) return settled.policy;
    // The pairs of the words as typed are asked beside the words: a query without typos waits for one round trip.
    const typedPairs = this.wordsOfPlacePairs(distinct, now);
    await this.lookUpFresh([...distinct, ...standInWords(distinct)], now);
    const [corrections, definitions] = await Promise.all([
      this.corrections(distinct, now),
      this.definitions(distinct, now),
      this.lookUpNameParts(distinct, now),
    ]);
    // The words meant are read as if typed: their places, roles, stand-ins and rarities are looked up too.
    const meant = [...new Set(corrections.values())];
    // A definition stands in for its abbreviation, scaled by its words' rarities as other stand-ins are.
    const definedWords = [...definitions.values()].flatMap((definition) => queryWords(definition).words);
    if (meant.length > 0 || definedWords.length > 0) {
      await this.lookUpFresh([...meant, ...standInWords(meant), ...definedWords], now);
      await this.lookUpNameParts(meant, now);
    }
    const asked = [...distinct, ...meant];
    const lookedUp = [...new Set([...asked, ...standInWords(asked), ...definedWords])];
    // The query's words as answered now: later or forgotten answers do not change a policy given.
    const tolerant = new Map(asked.map((word) => [word, !this.known.get(word)?.known && !this.known.get(word)?.abbreviation]));
    const places = new Set([
      ...asked.filter((word) => this.known.get(word)?.place && !this.partOfOtherName(word, asked)),
      ...(corrections.size === 0 ? await typedPairs : await this.wordsOfPlacePairs(asMeant(distinct, corrections), now)),
    ]);
    const roles = new Set(asked.filter((word) => this.known.get(word)?.role));
    const rarities = new Map(
      lookedUp.flatMap((word) =>
        RARITY_FIELDS.map((field) => [`${field}:${word}`, rarity(this.known.get(word)?.docs[field], this.jobsWith[field])] as const),
      ),
    );
    const policy: TypoPolicy = Object.assign((word: string) => tolerant.get(word) ?? !(this.known.get(word)?.known ?? false), {
      places,
      roles,
      rarity: (word: string, field: RarityField) => rarities.get(`${field}:${word}`),
      ...(corrections.size > 0 ? { corrections } : {}),
      ...(definitions.size > 0 ? { definitions } : {}),
    });
    remember(this.settled, key, { policy, until: now + this.options.ttlMs }, this.options.maxEntries);
    return policy;
  }

  /** Looks up the words whose answers are missing or old. */
  private async lookUpFresh(words: readonly string[], now: number): Promise<void> {
    const missing = [...new Set(words)].filter((word) => !((this.known.get(word)?.until ?? 0) > now));
    if (missing.length > 0) await this.lookUp(missing, now);
  }

  /**
   * The word each of `words` that the index does not know most likely meant (./spelling), where
   * there is one. Only words the look-up answered are corrected: a word whose look-up failed
   * keeps its typo tolerance, as before.
   */
  private async corrections(words: readonly string[], now: number): Promise<Map<string, string>> {
    const unknown = words.filter((word) => this.known.get(word)?.known === false);
    const ask = unknown.filter((word) => !((this.meant.get(word)?.until ?? 0) > now));
    if (ask.length > 0) {
      const found = await suggestCorrections(
        this.client,
        this.index,
        ask.map((word) => {
          const postings = this.known.get(word)?.anyDocs ?? 0;
          return { word, margin: this.options.correctionMargin * postings, unseen: postings === 0 };
        }),
        this.options.minDocs,
        this.options.timeoutMs,
      );
      // A failed request answers nothing and is asked again next time.
      if (found)
        for (const word of ask)
          remember(this.meant, word, { word: found.get(word), until: now + this.options.ttlMs }, this.options.maxEntries);
    }
    return new Map(
      unknown.flatMap((word) => {
        const meant = this.meant.get(word)?.word;
        return meant ? [[word, meant] as const] : [];
      }),
    );
  }

  /**
   * Whether `word` is part of a longer name of job locations whose word before it `words` lack
   * ("cook" of "James Cook University Hospital" in "bank cook"; ./name-parts): no place then.
   */
  private partOfOtherName(word: string, words: readonly string[]): boolean {
    const before = this.nameParts.get(word)?.before;
    return before !== undefined && !words.includes(before);
  }

  /**
   * Looks up, for the words of `words` that name places and whose answer is missing or old, the
   * word they stand after in job locations (./name-parts): one search for them all, beside the
   * look-ups of spelling and abbreviations. A failed search names no such word, as before, and is
   * asked again next time.
   */
  private async lookUpNameParts(words: readonly string[], now: number): Promise<void> {
    const ask = words.filter((word) => this.known.get(word)?.place && !((this.nameParts.get(word)?.until ?? 0) > now));
    if (ask.length === 0) return;
    const found = await locationsHolding(this.client, this.index, ask, this.options.timeoutMs);
    if (!found) return;
    for (const word of ask)
      remember(
        this.nameParts,
        word,
        { before: nameBefore(word, found.get(word) ?? [], KINDS_OF_PLACE, this.options.minDocs), until: now + this.options.ttlMs },
        this.options.maxEntries,
      );
  }

  /**
   * What each of `words` that may be an abbreviation (mayBeAbbreviation) stands for, where the
   * postings that mention it define it (./abbreviations); a word whose look-up failed is asked again
   * next time.
   */
  private async definitions(words: readonly string[], now: number): Promise<Map<string, string>> {
    const candidates = words.filter((word) => mayBeAbbreviation(word, this.known.get(word), this.jobsWith.description));
    const ask = candidates.filter((word) => !((this.defined.get(word)?.until ?? 0) > now));
    if (ask.length > 0) {
      const found = await lookUpDefinitions(this.client, this.index, ask, this.options.timeoutMs);
      for (const [word, definition] of found)
        remember(this.defined, word, { definition, until: now + this.options.ttlMs }, this.options.maxEntries);
    }
    return new Map(
      candidates.flatMap((word) => {
        const definition = this.defined.get(word)?.definition;
        return definition ? [[word, definition] as const] : [];
      }),
    );
  }

  /**
   * The words of `inOrder` (the query's words as meant, in order) that, with a word beside them,
   * name one place: "redwood city", "menlo park", "high wycombe", "salt lake city", whose words
   * alone are kinds of place ("city", "park") or more often in titles than in locations ("high").
   * A pair's answer is kept like a word's; a failed look-up names no pair, as before.
   */
  private async wordsOfPlacePairs(inOrder: readonly string[], now: number): Promise<string[]> {
    const pairs = inOrder.slice(1).map((word, i) => `${inOrder[i]} ${word}`);
    if (pairs.some((pair) => !((this.pairs.get(pair)?.until ?? 0) > now))) await this.lookUpPairs(inOrder, pairs, now);
    return pairs.flatMap((pair) => (this.pairs.get(pair)?.place ? pair.split(' ') : []));
  }

  /**
   * The document frequencies of `words` (joined as one artificial document, so `pairs` reads the
   * adjacent ones) in the `subfield` of each of `fields`, with each field's job count; undefined
   * when the look-up fails or takes longer than timeoutMs.
   */
  private async termVectors(
    words: readonly string[],
    fields: readonly string[],
    subfield: 'plain' | 'pairs',
  ): Promise<TermVectors | undefined> {
    const text = words.join(' ');
    try {
      const response = await this.client.termvectors(
        {
          index: this.index,
          doc: Object.fromEntries(fields.map((field) => [field, text])),
          fields: fields.map((field) => `${field}.${subfield}`),
          term_statistics: true,
          field_statistics: true,
          positions: false,
          offsets: false,
          payloads: false,
          filter_path: ['term_vectors.*.terms.*.doc_freq', 'term_vectors.*.field_statistics.doc_count'],
        },
        { requestTimeout: this.options.timeoutMs },
      );
      return response.term_vectors ?? {};
    } catch {
      return undefined;
    }
  }

  /** One `_termvectors` request: the document frequency of each adjacent pair of `inOrder` in each PAIR_FIELDS `.pairs`. */
  private async lookUpPairs(inOrder: readonly string[], pairs: readonly string[], now: number): Promise<void> {
    const [vectors, world] = await Promise.all([this.termVectors(inOrder, PAIR_FIELDS, 'pairs'), this.options.worldPlaces()]);
    if (!vectors) return;
    const docsIn = (field: PairField, pair: string) => vectors[`${field}.pairs`]?.terms?.[pair]?.doc_freq ?? 0;
    const descriptions = vectors['description.pairs']?.field_statistics?.doc_count ?? 0;
    for (const pair of pairs) {
      const docs = Object.fromEntries(PAIR_FIELDS.map((field) => [field, docsIn(field, pair)])) as Record<PairField, number>;
      const words = pair.split(' ');
      const { minDocs } = this.options;
      const place =
        namesPlaceTogether(words, docs, minDocs) ||
        namesWorldPlace(pair, words, { ...docs, organization: 0 }, descriptions, minDocs, world);
      remember(this.pairs, pair, { place, until: now + this.options.ttlMs }, this.options.maxEntries);
    }
  }

  private async lookUp(words: string[], now: number): Promise<void> {
    const [vectors, world] = await Promise.all([this.termVectors(words, LOOKED_UP_FIELDS, 'plain'), this.options.worldPlaces()]);
    if (!vectors) return;
    const docsIn = (field: string, word: string) => vectors[`${field}.plain`]?.terms?.[word]?.doc_freq ?? 0;
    const { minDocs } = this.options;
    for (const field of RARITY_FIELDS)
      this.jobsWith[field] = vectors[`${field}.plain`]?.field_statistics?.doc_count ?? this.jobsWith[field];
    for (const word of words) {
      // Known from the short fields only: a word one edit from a common one is a typo there, even if descriptions have it.
      const docs = Math.max(0, ...[...TYPO_FIELDS].map((field) => docsIn(field, word)));
      const inFields = {
        location: docsIn('location', word),
        title: docsIn('title', word),
        organization: docsIn('organization', word),
        description: docsIn('description', word),
      };
      this.remember(
        word,
        {
          known: docs >= minDocs,
          place:
            namesPlace(word, inFields, minDocs) ||
            (word.length >= WORLD_PLACE_LETTERS && namesWorldPlace(word, [word], inFields, this.jobsWith.description, minDocs, world)),
          role: inFields.title >= minDocs && inFields.title >= ROLE_TITLE_SHARE * inFields.description,
          docs: { title: inFields.title, description: inFields.description },
          anyDocs: Math.max(docs, inFields.description),
          abbreviation: [...word].length <= ABBREVIATION_LETTERS && inFields.description >= ABBREVIATION_MIN_DESCRIPTIONS,
        },
        now,
      );
    }
  }

  private remember(word: string, answer: WordAnswer, now: number): void {
    remember(this.known, word, { ...answer, until: now + this.options.ttlMs }, this.options.maxEntries);
  }
}

/**
 * Words that name kinds of place, not places: job locations are full of them ("St James's
 * University Hospital, Beckett Street, Leeds"), and read as a place they would ask for every
 * job located at a hospital.
 */
const KINDS_OF_PLACE = new Set([
  'hospital',
  'hospitals',
  'centre',
  'center',
  'clinic',
  'surgery',
  'practice',
  'house',
  'building',
  'unit',
  'ward',
  'site',
  'sites',
  'campus',
  'office',
  'offices',
  'road',
  'street',
  'lane',
  'avenue',
  'way',
  'drive',
  'court',
  'park',
  'hall',
  'square',
  'place',
  'floor',
  'various',
  'locations',
  'location',
  'community',
  'university',
  'health',
  'county',
  'district',
  'borough',
  'region',
  'village',
  'parish',
  'city',
  'town',
  'area',
  'greater',
  'north',
  'south',
  'east',
  'west',
  'central',
]);

/**
 * Whether a word names a place: found in at least `minDocs` job locations, more than in titles
 * ("london", not "nurse", though some locations are named "Nurse Bank") and more than half as
 * often as in employers' names ("nhs" and "trust" stand in 400 locations but 9 000 employers),
 * at least PLACE_DESCRIPTION_SHARE as often as in descriptions, and no kind of place
 * (KINDS_OF_PLACE).
 */
function namesPlace(word: string, docs: Record<'location' | 'title' | 'organization' | 'description', number>, minDocs: number): boolean {
  return (
    docs.location >= minDocs &&
    docs.location > docs.title &&
    2 * docs.location > docs.organization &&
    docs.location >= PLACE_DESCRIPTION_SHARE * docs.description &&
    !KINDS_OF_PLACE.has(word)
  );
}

/**
 * A place's name is in job locations at least this share as often as descriptions have it: "leeds"
 * (180 locations, 285 descriptions), not "beds" (Bedfordshire in some locations, beds in a thousand
 * descriptions) or "low": read as places, they asked every job to be located there.
 */
const PLACE_DESCRIPTION_SHARE = 0.04;

/**
 * A pair of place names is in job locations at least this share as often as descriptions have it:
 * "redwood city", "salt lake" (a location of every job there, and in some descriptions); not
 * "care home" or "mental health", which locations hold ("Oak Lodge Care Home") but descriptions
 * hold far more often.
 */
const PLACE_PAIR_DESCRIPTION_SHARE = 0.1;

/**
 * Whether two adjacent words name one place together: the pair in at least `minDocs` job
 * locations, more than in titles and PLACE_PAIR_DESCRIPTION_SHARE of descriptions, and not two
 * kinds of place ("health centre", "community hospital", which say what the place is, not where).
 */
function namesPlaceTogether(words: readonly string[], docs: Record<PairField, number>, minDocs: number): boolean {
  return (
    docs.location >= minDocs &&
    docs.location > docs.title &&
    docs.location >= PLACE_PAIR_DESCRIPTION_SHARE * docs.description &&
    !words.every((word) => KINDS_OF_PLACE.has(word))
  );
}

/**
 * A place of the world's (KnownWordsOptions.worldPlaces) is a place of a query when the index
 * cannot tell: fewer than `minDocs` job locations hold it ("austin", "seattle", "glasgow" on the
 * real postings, where no job or two are there), nor titles or employers' names, and no more than
 * WORLD_PLACE_DESCRIPTION_SHARE of descriptions, which a word of English has more often
 * ("independence", "nice", "split"), or `minDocs` of them in a small index. Read as a rare word
 * instead, it lifted the descriptions that mention it above the role's jobs elsewhere: "software
 * engineer austin" ranked nurses whose descriptions name an Austin ward, 0.38 nDCG@10 against
 * BM25's 0.99.
 */
function namesWorldPlace(
  name: string,
  words: readonly string[],
  docs: Record<'location' | 'title' | 'organization' | 'description', number>,
  descriptions: number,
  minDocs: number,
  world: ReadonlySet<string>,
): boolean {
  return (
    world.has(name) &&
    docs.location < minDocs &&
    docs.title < minDocs &&
    docs.organization < minDocs &&
    docs.description <= Math.max(minDocs, WORLD_PLACE_DESCRIPTION_SHARE * descriptions) &&
    !words.every((word) => KINDS_OF_PLACE.has(word))
  );
}

/** At most this share of descriptions has the name of a place of the world's (namesWorldPlace): on the real postings "austin" 0.14 %, "independence" 3.9 %. */
const WORLD_PLACE_DESCRIPTION_SHARE = 0.005;

/** A place of the world's named in one word has at least this many letters: shorter city names ("Man", "Ulm", "Bo") are abbreviations in a query. */
const WORLD_PLACE_LETTERS = 4;

/**
 * A word of this many letters or fewer that a description has (ABBREVIATION_MIN_DESCRIPTIONS), and
 * few short fields, is an abbreviation ("amhp", approved mental health professional: 2 titles, 7
 * descriptions), matched as typed. Forgiven one typo, it matched other abbreviations and words
 * in the short fields: "amp", from "&amp;" in 353 locations, filled its top 10.
 */
const ABBREVIATION_LETTERS = 4;

/**
 * The descriptions a short word must be in to be an abbreviation: one. Forgiven one typo instead, a
 * short word meets other short words in the titles, which score above a description: "acca" (the
 * accountancy qualification, in one description of the real postings) ranked the "ACCP", "ACC" and
 * "ACCS" titles of doctors and coders above the finance trainee that asks for it (0.39 nDCG@10,
 * against BM25's 1.00). A typo of four letters that some description shares ("carr") is then read as
 * typed.
 */
const ABBREVIATION_MIN_DESCRIPTIONS = 1;

/** What the index says of a word. */
interface WordAnswer {
  known: boolean;
  place: boolean;
  role: boolean;
  /** Jobs that have it in the fields whose rarity is kept. */
  docs: Record<RarityField, number>;
  /** Jobs that have it in the short field or the description that has it most. */
  anyDocs: number;
  /** A short word that descriptions have (ABBREVIATION_LETTERS): matched as typed, with no typo tolerance. */
  abbreviation: boolean;
}

/**
 * The words of the terms that may stand in for a query's words (./synonyms: "hca" for
 * "healthcare assistant", "midwife" for "midwifery"), whose rarity scales their weight
 * (./relevance standInQuery).
 */
function standInWords(words: readonly string[]): string[] {
  return concepts(words).flatMap(({ synonyms, related, family }) =>
    [...synonyms, ...related, ...family].flatMap((term) => queryWords(term).words),
  );
}

/** Abbreviations whose definitions are looked for have at most this many letters ("cmht", "pmva", "iapt"). */
const DEFINED_LETTERS = 5;

/**
 * The most descriptions an abbreviation whose definition is looked for is in: a word as common as
 * "care" or "sql" (6 % of the real postings' descriptions) is read as written, and looking up
 * every common short word would cost a search per new word.
 */
const DEFINED_DESCRIPTION_SHARE = 0.05;

/**
 * Whether a query word may be an abbreviation that postings define (./abbreviations): a word of
 * three to five letters that at least two descriptions have, and few (DEFINED_DESCRIPTION_SHARE), with
 * no synonym of its own (./synonyms: "gp", "hca" are known).
 */
function mayBeAbbreviation(word: string, answer: WordAnswer | undefined, descriptions: number): boolean {
  if (!answer || !/^[a-z]+$/.test(word) || word.length < 3 || word.length > DEFINED_LETTERS) return false;
  const inDescriptions = answer.docs.description;
  return inDescriptions >= 2 && inDescriptions <= DEFINED_DESCRIPTION_SHARE * descriptions && synonymsOf(word).length === 0;
}

/** A word's rarity in a field as BM25 weighs it (inverse document frequency); unknown without a count of the field's jobs. */
function rarity(docs: number | undefined, jobs: number): number | undefined {
  if (docs === undefined || jobs === 0) return undefined;
  return Math.log(1 + (jobs - docs + 0.5) / (docs + 0.5));
}

/** The words of a query, each unknown one read as the word it most likely meant. */
const asMeant = (words: readonly string[], corrections: ReadonlyMap<string, string>) => words.map((word) => corrections.get(word) ?? word);

/** Keeps `value` under `key` as the newest entry, forgetting the oldest beyond `maxEntries`. */
function remember<V>(map: Map<string, V>, key: string, value: V, maxEntries: number): void {
  map.delete(key);
  map.set(key, value);
  // A Map iterates in insertion order: the first key is the oldest entry.
  while (map.size > maxEntries) map.delete(map.keys().next().value!);
}
