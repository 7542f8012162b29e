/**
 * `npm run bench -- relevance`: the product's search against plain BM25 (one multi_match over
 * the unstemmed title and description) on the real postings (./relevance-world), on three query
 * sets, each scored with its own judgments and reported on its own: the development set
 * (benchmarks/relevance/queries.json, judgments.json), which changes are tuned on; the first
 * held-out set (heldout-queries.json, heldout-judgments.json), judged blind once and tuned on
 * since; the second, third and fourth (heldout-2-..., heldout-3-..., heldout-4-...), likewise; and
 * the fifth (heldout-5-queries.json, heldout-5-judgments.json), judged blind once after round 5, and
 * looked at since; the sixth (heldout-6-queries.json, heldout-6-judgments.json), written before
 * round 6 (spelling) by someone who saw no result, and judged blind once after it, and looked at
 * since; the seventh (heldout-7-queries.json, heldout-7-judgments.json), likewise for round 7
 * (a query of skills keeps its jobs with every word first); the eighth likewise for round 8
 * (descriptions as the last resort of spelling); the ninth likewise for round 9 (a short word
 * that descriptions have is an abbreviation, matched as typed); the tenth to sixteenth likewise for
 * rounds 10 to 16 (rounds 11, 15 and 16 were not kept; the fourteenth judged the search as it was);
 * the seventeenth judged the search as it was, round 17 having failed on the spent sets; the
 * eighteenth likewise for round 18 (common words of a query of topics rank, not required); the
 * nineteenth likewise for round 19 (what a seeker says to the search is filler); the twentieth
 * judged the search as it was, the trials of round 20 having failed on the spent sets; the
 * twenty-first likewise for round 21 (the rest of a seeker's sentence is filler, "no experience"
 * asks for entry level); the twenty-second likewise for round 22 (a query of skills or topics is
 * scored on its words together too, as plain BM25 scores them); the twenty-third likewise for round
 * 23 ("near" a place is the place, "or" offers alternatives), which changed none of its queries; the
 * twenty-fourth likewise for round 24 (a short word one description has is an abbreviation), which
 * changed none of its queries either; the twenty-fifth judged the search as it was, the trial of
 * round 25 having been mixed on the spent sets; the twenty-sixth likewise for round 26 (a one-word
 * job type where no word names a role is a word too), which lowered it and was not kept; the
 * twenty-seventh likewise for round 27 (the same, beside one word only), which changed none of its
 * queries; the twenty-eighth judged the search as it was, in its default mode with every posting's
 * vector (keyword search, short pages filled by meaning), the two trials of round 28 having fallen on
 * the spent sets; the twenty-ninth likewise for round 30 (places read against descriptions, a
 * seeker's "work" and first person as filler), in the default mode, which lowered it and was not
 * kept; the thirtieth judged the search as it was, the trials of round 31 having fallen on the spent
 * sets; the thirty-first likewise for round 31 (a query that describes the work is ranked as hybrid
 * search ranks it), which changed none of its queries; the thirty-second likewise for round 32 (a
 * short page of a query that names a place is filled by meaning, there first); the thirty-third
 * likewise for round 33 (places of two words, a place's name no more than a word of descriptions,
 * a seeker's "work" as filler); the thirty-fourth likewise for round 35 (a city of the world's that too few job
 * locations hold is a place), which changed none of its queries; the thirty-fifth likewise for
 * round 37 (an NHS pay band is a grade, not role words; an internship comes first); the thirty-sixth
 * likewise for round 38 (an abbreviation is read as the words the postings spell it out as); the
 * thirty-seventh likewise for round 39 (a word that job locations hold only inside a longer name
 * is no place alone), which changed none of its queries; the thirty-eighth judged the search as it
 * was, the trials of round 40 having fallen on the spent sets; the thirty-ninth likewise for round 40
 * (the abbreviations of job titles read as the words they stand for); the fortieth likewise for
 * round 41 (a field that titles name, far rarer than the job's noun after it, is a qualifier),
 * which changed none of its queries; the forty-first likewise for round 42 (more abbreviations of
 * job titles), which changed none of its queries either. Per set: P@10, nDCG@10, MRR and the
 * queries that found nothing, overall and by category (the queries' style); each query where the
 * product ranks below BM25, and why (./relevance-report); paired sign tests. With --previous, the
 * product rankings of an earlier run's --json output are scored again with today's judgments, as a
 * third system. Postings in any top 10 that nobody judged yet are written, shuffled and without
 * saying which system found them, to a pool file per set (.cache/relevance-pool.json,
 * relevance-heldout-pool.json, relevance-heldout-2-pool.json, ...), to be judged blind and added to
 * the judgments (never rewritten). The search time of both systems is measured too, as the ratio
 * product / BM25 over the queries of every set.
 *
 * Issue 30: two sets hold meaning-only queries (meaning-queries.json, spent on rounds 31 and 33;
 * meaning-2-queries.json, written blind after them). Every job gets its vector first (./relevance-vectors: embedded once, kept in
 * .cache/), then every query of every set also runs in keyword, semantic and hybrid mode, and
 * hybrid's fusion under other methods and constants (./relevance-modes); their top 10s join the
 * pools, and their nDCG@10 per set, and the kNN search's recall against exact search by
 * num_candidates, are reported after the sets.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Client } from '@elastic/elasticsearch';
import { KnownWords, loadQueryEmbedder, readSearchParams, searchInMode, type SearchContext } from '../services/read';
import type { BenchOptions } from './lib/args';
import type { Comparison } from './lib/report';
import { median, round, timeRatio } from './lib/stats';
import { DEPTH, type Grades } from './relevance-metrics';
import {
  formatSetReport,
  parseRunOutput,
  previousRankings,
  scoreSet,
  type RankedQuery,
  type Ranking,
  type SetReport,
  type SET_NAMES,
  JUDGED_OPENING,
  laterMentions,
} from './relevance-report';
import {
  formatLegTimes,
  formatModesReport,
  formatRecall,
  legTimeMedians,
  measureKnnRecall,
  modeTops,
  rankModes,
  scoreModes,
  vectorsOfJobs,
  type ModeRanking,
} from './relevance-modes';
import { embedWorld } from './relevance-vectors';
import { relevanceWorld, type RealPosting } from './relevance-world';

const RELEVANCE_DIR = path.resolve(__dirname, 'relevance');
const CACHE_DIR = path.resolve(__dirname, '../.cache');
export const POOL_FILE = path.join(CACHE_DIR, 'relevance-pool.json');
export const HELDOUT_POOL_FILE = path.join(CACHE_DIR, 'relevance-heldout-pool.json');
export const HELDOUT_2_POOL_FILE = path.join(CACHE_DIR, 'relevance-heldout-2-pool.json');
export const HELDOUT_3_POOL_FILE = path.join(CACHE_DIR, 'relevance-heldout-3-pool.json');
/** Timed rounds over every query, after one warm-up round. */
const TIMED_ROUNDS = 5;

/** A query set's files (queries and judgments in benchmarks/relevance/), and where its postings to judge go. */
interface SetFiles {
  name: (typeof SET_NAMES)[number];
  title: string;
  queriesFile: string;
  judgmentsFile: string;
  poolFile: string;
}
const SETS: readonly SetFiles[] = [
  { name: 'development', title: 'Development set', queriesFile: 'queries.json', judgmentsFile: 'judgments.json', poolFile: POOL_FILE },
  {
    name: 'heldout',
    title: 'First held-out set (judged blind once, on 2026-11-25; tuned on since)',
    queriesFile: 'heldout-queries.json',
    judgmentsFile: 'heldout-judgments.json',
    poolFile: HELDOUT_POOL_FILE,
  },
  {
    name: 'heldout2',
    title: 'Second held-out set (judged blind once, on 2026-11-25; tuned on since)',
    queriesFile: 'heldout-2-queries.json',
    judgmentsFile: 'heldout-2-judgments.json',
    poolFile: HELDOUT_2_POOL_FILE,
  },
  {
    name: 'heldout3',
    title: 'Third held-out set (judged blind once, on 2026-11-25; tuned on since)',
    queriesFile: 'heldout-3-queries.json',
    judgmentsFile: 'heldout-3-judgments.json',
    poolFile: HELDOUT_3_POOL_FILE,
  },
  {
    name: 'heldout4',
    title: 'Fourth held-out set (judged blind once, on 2026-11-25; looked at since)',
    queriesFile: 'heldout-4-queries.json',
    judgmentsFile: 'heldout-4-judgments.json',
    poolFile: path.join(CACHE_DIR, 'relevance-heldout-4-pool.json'),
  },
  {
    name: 'heldout5',
    title: 'Fifth held-out set (judged blind once, on 2026-11-25; looked at since)',
    queriesFile: 'heldout-5-queries.json',
    judgmentsFile: 'heldout-5-judgments.json',
    poolFile: path.join(CACHE_DIR, 'relevance-heldout-5-pool.json'),
  },
  {
    name: 'heldout6',
    title: 'Sixth held-out set (judged blind once, on 2026-11-28; looked at since)',
    queriesFile: 'heldout-6-queries.json',
    judgmentsFile: 'heldout-6-judgments.json',
    poolFile: path.join(CACHE_DIR, 'relevance-heldout-6-pool.json'),
  },
  {
    name: 'heldout7',
    title: 'Seventh held-out set (judged blind once, on 2026-11-28; looked at since)',
    queriesFile: 'heldout-7-queries.json',
    judgmentsFile: 'heldout-7-judgments.json',
    poolFile: path.join(CACHE_DIR, 'relevance-heldout-7-pool.json'),
  },
  {
    name: 'heldout8',
    title: 'Eighth held-out set (judged blind once, on 2026-11-28; looked at since)',
    queriesFile: 'heldout-8-queries.json',
    judgmentsFile: 'heldout-8-judgments.json',
    poolFile: path.join(CACHE_DIR, 'relevance-heldout-8-pool.json'),
  },
  {
    name: 'heldout9',
    title: 'Ninth held-out set (judged blind once, on 2026-11-28; looked at since)',
    queriesFile: 'heldout-9-queries.json',
    judgmentsFile: 'heldout-9-judgments.json',
    poolFile: path.join(CACHE_DIR, 'relevance-heldout-9-pool.json'),
  },
  {
    name: 'heldout10',
    title: 'Tenth held-out set (judged blind once, on 2026-11-28; looked at since)',
    queriesFile: 'heldout-10-queries.json',
    judgmentsFile: 'heldout-10-judgments.json',
    poolFile: path.join(CACHE_DIR, 'relevance-heldout-10-pool.json'),
  },
  {
    name: 'heldout11',
    title: 'Eleventh held-out set (judged blind once, on 2026-11-28, for a round not kept; looked at since)',
    queriesFile: 'heldout-11-queries.json',
    judgmentsFile: 'heldout-11-judgments.json',
    poolFile: path.join(CACHE_DIR, 'relevance-heldout-11-pool.json'),
  },
  {
    name: 'heldout12',
    title: 'Twelfth held-out set (judged blind once, on 2026-11-28; looked at since)',
    queriesFile: 'heldout-12-queries.json',
    judgmentsFile: 'heldout-12-judgments.json',
    poolFile: path.join(CACHE_DIR, 'relevance-heldout-12-pool.json'),
  },
  {
    name: 'heldout13',
    title: 'Thirteenth held-out set (judged blind once, on 2026-11-28)',
    queriesFile: 'heldout-13-queries.json',
    judgmentsFile: 'heldout-13-judgments.json',
    poolFile: path.join(CACHE_DIR, 'relevance-heldout-13-pool.json'),
  },
  {
    name: 'heldout14',
    title: 'Fourteenth held-out set (judged blind once, on 2026-11-28; looked at since)',
    queriesFile: 'heldout-14-queries.json',
    judgmentsFile: 'heldout-14-judgments.json',
    poolFile: path.join(CACHE_DIR, 'relevance-heldout-14-pool.json'),
  },
  {
    name: 'heldout15',
    title: 'Fifteenth held-out set (judged blind once, on 2026-11-28; looked at since)',
    queriesFile: 'heldout-15-queries.json',
    judgmentsFile: 'heldout-15-judgments.json',
    poolFile: path.join(CACHE_DIR, 'relevance-heldout-15-pool.json'),
  },
  {
    name: 'heldout16',
    title: 'Sixteenth held-out set (judged blind once, on 2026-11-29)',
    queriesFile: 'heldout-16-queries.json',
    judgmentsFile: 'heldout-16-judgments.json',
    poolFile: path.join(CACHE_DIR, 'relevance-heldout-16-pool.json'),
  },
  {
    name: 'heldout17',
    title: 'Seventeenth held-out set (judged blind once, on 2026-11-29, measuring the search as it was)',
    queriesFile: 'heldout-17-queries.json',
    judgmentsFile: 'heldout-17-judgments.json',
    poolFile: path.join(CACHE_DIR, 'relevance-heldout-17-pool.json'),
  },
  {
    name: 'heldout18',
    title: 'Eighteenth held-out set (judged blind once, on 2026-11-29)',
    queriesFile: 'heldout-18-queries.json',
    judgmentsFile: 'heldout-18-judgments.json',
    poolFile: path.join(CACHE_DIR, 'relevance-heldout-18-pool.json'),
  },
  {
    name: 'heldout19',
    title: 'Nineteenth held-out set (judged blind once, on 2026-11-29)',
    queriesFile: 'heldout-19-queries.json',
    judgmentsFile: 'heldout-19-judgments.json',
    poolFile: path.join(CACHE_DIR, 'relevance-heldout-19-pool.json'),
  },
  {
    name: 'heldout20',
    title: 'Twentieth held-out set (judged blind once, on 2026-11-29)',
    queriesFile: 'heldout-20-queries.json',
    judgmentsFile: 'heldout-20-judgments.json',
    poolFile: path.join(CACHE_DIR, 'relevance-heldout-20-pool.json'),
  },
  {
    name: 'heldout21',
    title: 'Twenty-first held-out set (judged blind once, on 2026-11-29)',
    queriesFile: 'heldout-21-queries.json',
    judgmentsFile: 'heldout-21-judgments.json',
    poolFile: path.join(CACHE_DIR, 'relevance-heldout-21-pool.json'),
  },
  {
    name: 'heldout22',
    title: 'Twenty-second held-out set (judged blind once, on 2026-11-29)',
    queriesFile: 'heldout-22-queries.json',
    judgmentsFile: 'heldout-22-judgments.json',
    poolFile: path.join(CACHE_DIR, 'relevance-heldout-22-pool.json'),
  },
  {
    name: 'heldout23',
    title: 'Twenty-third held-out set (judged blind once, on 2026-11-29)',
    queriesFile: 'heldout-23-queries.json',
    judgmentsFile: 'heldout-23-judgments.json',
    poolFile: path.join(CACHE_DIR, 'relevance-heldout-23-pool.json'),
  },
  {
    name: 'heldout24',
    title: 'Twenty-fourth held-out set (judged blind once, on 2026-11-29)',
    queriesFile: 'heldout-24-queries.json',
    judgmentsFile: 'heldout-24-judgments.json',
    poolFile: path.join(CACHE_DIR, 'relevance-heldout-24-pool.json'),
  },
  {
    name: 'heldout25',
    title: 'Twenty-fifth held-out set (judged blind once, on 2026-11-29)',
    queriesFile: 'heldout-25-queries.json',
    judgmentsFile: 'heldout-25-judgments.json',
    poolFile: path.join(CACHE_DIR, 'relevance-heldout-25-pool.json'),
  },
  {
    name: 'heldout26',
    title: 'Twenty-sixth held-out set (judged blind once, on 2026-11-29)',
    queriesFile: 'heldout-26-queries.json',
    judgmentsFile: 'heldout-26-judgments.json',
    poolFile: path.join(CACHE_DIR, 'relevance-heldout-26-pool.json'),
  },
  {
    name: 'heldout27',
    title: 'Twenty-seventh held-out set (judged blind once, on 2026-11-29)',
    queriesFile: 'heldout-27-queries.json',
    judgmentsFile: 'heldout-27-judgments.json',
    poolFile: path.join(CACHE_DIR, 'relevance-heldout-27-pool.json'),
  },
  {
    name: 'heldout28',
    title: 'Twenty-eighth held-out set (judged blind once, on 2026-11-29, in the default mode with every posting embedded)',
    queriesFile: 'heldout-28-queries.json',
    judgmentsFile: 'heldout-28-judgments.json',
    poolFile: path.join(CACHE_DIR, 'relevance-heldout-28-pool.json'),
  },
  {
    name: 'heldout29',
    title: 'Twenty-ninth held-out set (judged blind once, on 2026-11-29, in the default mode; round 30 lowered it and was not kept)',
    queriesFile: 'heldout-29-queries.json',
    judgmentsFile: 'heldout-29-judgments.json',
    poolFile: path.join(CACHE_DIR, 'relevance-heldout-29-pool.json'),
  },
  {
    name: 'heldout30',
    title: 'Thirtieth held-out set (judged blind once, on 2026-11-29, with the search as it was, in the default mode)',
    queriesFile: 'heldout-30-queries.json',
    judgmentsFile: 'heldout-30-judgments.json',
    poolFile: path.join(CACHE_DIR, 'relevance-heldout-30-pool.json'),
  },
  {
    name: 'heldout31',
    title: 'Thirty-first held-out set (judged blind once, on 2026-11-29, in the default mode; round 31 changed none of its queries)',
    queriesFile: 'heldout-31-queries.json',
    judgmentsFile: 'heldout-31-judgments.json',
    poolFile: path.join(CACHE_DIR, 'relevance-heldout-31-pool.json'),
  },
  {
    name: 'heldout32',
    title: 'Thirty-second held-out set (judged blind once, on 2026-11-29, in the default mode, for round 32)',
    queriesFile: 'heldout-32-queries.json',
    judgmentsFile: 'heldout-32-judgments.json',
    poolFile: path.join(CACHE_DIR, 'relevance-heldout-32-pool.json'),
  },
  {
    name: 'heldout33',
    title: 'Thirty-third held-out set (judged blind once, on 2026-12-07, in the default mode, for round 33)',
    queriesFile: 'heldout-33-queries.json',
    judgmentsFile: 'heldout-33-judgments.json',
    poolFile: path.join(CACHE_DIR, 'relevance-heldout-33-pool.json'),
  },
  {
    name: 'heldout34',
    title:
      'Thirty-fourth held-out set (judged blind once, on 2026-12-07, in the default mode; round 35 (a world city where no job is, a place) changed none of its queries)',
    queriesFile: 'heldout-34-queries.json',
    judgmentsFile: 'heldout-34-judgments.json',
    poolFile: path.join(CACHE_DIR, 'relevance-heldout-34-pool.json'),
  },
  {
    name: 'heldout35',
    title: 'Thirty-fifth held-out set (judged blind once, on 2026-12-07, in the default mode, for round 37: pay bands and internships)',
    queriesFile: 'heldout-35-queries.json',
    judgmentsFile: 'heldout-35-judgments.json',
    poolFile: path.join(CACHE_DIR, 'relevance-heldout-35-pool.json'),
  },
  {
    name: 'heldout36',
    title:
      'Thirty-sixth held-out set (judged blind once, on 2026-12-07, in the default mode, for round 38: abbreviations the postings define)',
    queriesFile: 'heldout-36-queries.json',
    judgmentsFile: 'heldout-36-judgments.json',
    poolFile: path.join(CACHE_DIR, 'relevance-heldout-36-pool.json'),
  },
  {
    name: 'heldout37',
    title:
      'Thirty-seventh held-out set (judged blind once, on 2026-12-07, in the default mode; round 39 (a word of a longer place name, no place alone) changed none of its queries)',
    queriesFile: 'heldout-37-queries.json',
    judgmentsFile: 'heldout-37-judgments.json',
    poolFile: path.join(CACHE_DIR, 'relevance-heldout-37-pool.json'),
  },
  {
    name: 'heldout38',
    title:
      'Thirty-eighth held-out set (judged blind once, on 2026-12-07, in the default mode, measuring the search as it was: the trials of round 40 fell on the spent sets)',
    queriesFile: 'heldout-38-queries.json',
    judgmentsFile: 'heldout-38-judgments.json',
    poolFile: path.join(CACHE_DIR, 'relevance-heldout-38-pool.json'),
  },
  {
    name: 'heldout39',
    title:
      'Thirty-ninth held-out set (judged blind once, on 2026-12-07, in the default mode, after round 40: the abbreviations of job titles read as the words they stand for)',
    queriesFile: 'heldout-39-queries.json',
    judgmentsFile: 'heldout-39-judgments.json',
    poolFile: path.join(CACHE_DIR, 'relevance-heldout-39-pool.json'),
  },
  {
    name: 'heldout40',
    title:
      'Fortieth held-out set (judged blind once, on 2026-12-07, in the default mode, after round 41, which changed none of its queries: the search as it was)',
    queriesFile: 'heldout-40-queries.json',
    judgmentsFile: 'heldout-40-judgments.json',
    poolFile: path.join(CACHE_DIR, 'relevance-heldout-40-pool.json'),
  },
  {
    name: 'heldout41',
    title:
      'Forty-first held-out set (judged blind once, on 2026-12-07, in the default mode, after round 42, which changed none of its queries: the search as it was)',
    queriesFile: 'heldout-41-queries.json',
    judgmentsFile: 'heldout-41-judgments.json',
    poolFile: path.join(CACHE_DIR, 'relevance-heldout-41-pool.json'),
  },
  {
    name: 'heldout42',
    title:
      'Forty-second held-out set (judged blind once, on 2026-12-07, in the default mode, with no round: the trials of round 43 were not kept, so the search as it was after round 42)',
    queriesFile: 'heldout-42-queries.json',
    judgmentsFile: 'heldout-42-judgments.json',
    poolFile: path.join(CACHE_DIR, 'relevance-heldout-42-pool.json'),
  },
  {
    name: 'heldout43',
    title:
      'Forty-third held-out set (judged blind once, on 2026-12-07, in the default mode, after round 44: a list of topics that finds fewer than a page is filled by the jobs with half its words beside those near in meaning)',
    queriesFile: 'heldout-43-queries.json',
    judgmentsFile: 'heldout-43-judgments.json',
    poolFile: path.join(CACHE_DIR, 'relevance-heldout-43-pool.json'),
  },
  {
    name: 'meaning',
    title: 'Meaning-only queries (issue 30; written before hybrid search existed; round 31 read its rule from them and the spent sets)',
    queriesFile: 'meaning-queries.json',
    judgmentsFile: 'meaning-judgments.json',
    poolFile: path.join(CACHE_DIR, 'relevance-meaning-pool.json'),
  },
  {
    name: 'meaning2',
    title: 'Second meaning-only set (issue 30; written blind on 2026-12-07 after the first was spent on tuning, judged blind once)',
    queriesFile: 'meaning-2-queries.json',
    judgmentsFile: 'meaning-2-judgments.json',
    poolFile: path.join(CACHE_DIR, 'relevance-meaning-2-pool.json'),
  },
];

/** A query of a set; `note` explains why it may rank below BM25; `meant` (meaning-only queries) names the jobs it means, for the judges. */
interface BenchQuery {
  q: string;
  style: string;
  note?: string;
  meant?: string;
}

/** A set as read: its queries and their grades by query. */
interface QuerySet {
  files: SetFiles;
  queries: BenchQuery[];
  judgments: Record<string, Grades>;
}

/** What a system answers for a query: the job ids of its first ten results, and how many it found. */
type System = (q: string) => Promise<{ ids: string[]; total: number }>;

/** The product's search, as the search route runs it in its default mode (keyword: typo policy from the words the index knows, meaning when few jobs have every word). */
function productSearch(context: SearchContext): System {
  return async (q) => {
    const result = await searchInMode(context, readSearchParams({ q, limit: 10 }));
    return { ids: result.hits.map((hit) => hit.doc.id), total: result.total.value };
  };
}

/**
 * The sets `names` asks for (every set when it is empty), in their usual order; a name that is no
 * set's is refused before the world is built, with the names there are.
 */
export function chosenSets(names: readonly string[]): SetFiles[] {
  const unknown = names.filter((name) => !SETS.some((set) => set.name === name));
  if (unknown.length > 0)
    throw new Error(
      `--set ${unknown.map((name) => `"${name}"`).join(', ')}: no such query set; choose from ${SETS.map((set) => set.name).join(', ')}`,
    );
  return names.length === 0 ? [...SETS] : SETS.filter((set) => names.includes(set.name));
}

/** Plain BM25: the query's words over the title and description, analysed only by the standard analyzer. */
function bm25Search(client: Client, index: string): System {
  return async (q) => {
    const response = await client.search<{ id: string }>({
      index,
      size: 10,
      _source: ['id'],
      query: { multi_match: { query: q, fields: ['title.plain', 'description.plain'] } },
    });
    const total = response.hits.total;
    return { ids: response.hits.hits.map((hit) => hit._source!.id), total: typeof total === 'number' ? total : (total?.value ?? 0) };
  };
}

/** Runs every query once per round on both systems, alternating, and gives each system's median time per query. */
async function timeSystems(
  systems: Record<'product' | 'bm25', System>,
  queries: readonly BenchQuery[],
): Promise<Record<'product' | 'bm25', number[]>> {
  const times = { product: [] as number[], bm25: [] as number[] };
  for (let round = 0; round <= TIMED_ROUNDS; round++) {
    for (const { q } of queries) {
      for (const name of round % 2 === 0 ? (['product', 'bm25'] as const) : (['bm25', 'product'] as const)) {
        const started = process.hrtime.bigint();
        await systems[name](q);
        if (round > 0) times[name].push(Number(process.hrtime.bigint() - started) / 1e6);
      }
    }
  }
  return times;
}

/** A JSON file of benchmarks/relevance/, or `missing` when there is no such file. */
async function readRelevanceFile(name: string, missing?: unknown): Promise<unknown> {
  const text = await readFile(path.join(RELEVANCE_DIR, name), 'utf8').catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT' && missing !== undefined) return undefined;
    throw err;
  });
  return text === undefined ? missing : JSON.parse(text);
}

/** A set's queries and judgments; judgments not written yet (the held-out set's, until it is judged) are none. */
async function readSet(files: SetFiles): Promise<QuerySet> {
  const { queries } = (await readRelevanceFile(files.queriesFile)) as { queries: BenchQuery[] };
  const judgments = (await readRelevanceFile(files.judgmentsFile, {})) as Record<string, Grades>;
  return { files, queries, judgments };
}

/** The product rankings of an earlier run's --json output; a file that is not one is said with its name. */
async function readPrevious(file: string): Promise<Map<string, Ranking>> {
  try {
    return previousRankings(parseRunOutput(await readFile(file, 'utf8')));
  } catch (err) {
    throw new Error(`--previous ${file}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
}

/** Runs each query once on both systems, as posting keys, beside the previous run's ranking where it had the query. */
async function rankQueries(
  systems: Record<'product' | 'bm25', System>,
  queries: readonly BenchQuery[],
  keyOfJob: ReadonlyMap<string, string>,
  previous: ReadonlyMap<string, Ranking> | undefined,
): Promise<RankedQuery[]> {
  const ranked: RankedQuery[] = [];
  for (const { q, style, note } of queries) {
    const rank = async (system: System): Promise<Ranking> => {
      const { ids, total } = await system(q);
      return { top: ids.map((id) => keyOfJob.get(id) ?? `job:${id}`), results: total };
    };
    const product = await rank(systems.product);
    const bm25 = await rank(systems.bm25);
    const before = previous?.get(q);
    ranked.push({ q, style, ...(note ? { note } : {}), rankings: { product, bm25, ...(before ? { previous: before } : {}) } });
  }
  return ranked;
}

const shuffled = <T>(items: T[]): T[] => {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
};

/** One posting of the pool to judge, as a judge sees it. */
const poolItem = (q: string, key: string, p: RealPosting, meant?: string) => ({
  q,
  ...(meant ? { meant } : {}),
  key,
  title: p.title,
  company: p.company,
  location: p.location,
  employment_type: p.employment_type,
  seniority: p.seniority,
  description: (p.description ?? '').slice(0, JUDGED_OPENING),
  later_mentions: laterMentions(q, p.description ?? ''),
});

/**
 * The postings of any system's top 10 (the previous run's, and every search mode's and fusion's,
 * too) that have no grade for the query, once each and shuffled, so that the judge cannot tell
 * which system found them.
 */
function unjudgedPool(
  set: QuerySet,
  ranked: readonly RankedQuery[],
  modes: readonly ModeRanking[],
  postings: ReadonlyMap<string, RealPosting>,
): ReturnType<typeof poolItem>[] {
  const meant = new Map(set.queries.map(({ q, meant }) => [q, meant]));
  const tops = new Map<string, (string[] | undefined)[]>(
    ranked.map(({ q, rankings }) => [q, [rankings.product.top, rankings.bm25.top, rankings.previous?.top]]),
  );
  for (const ranking of modes) tops.get(ranking.q)?.push(...modeTops(ranking));
  const pool = new Map<string, ReturnType<typeof poolItem>>();
  for (const [q, lists] of tops)
    for (const key of lists.flatMap((top) => top?.slice(0, DEPTH) ?? []))
      if (set.judgments[q]?.[key] === undefined && postings.has(key))
        pool.set(`${q}\u0000${key}`, poolItem(q, key, postings.get(key)!, meant.get(q)));
  return shuffled([...pool.values()]);
}

function report(sets: readonly QuerySet[], reports: readonly SetReport[], previous: { file: string; queries: number } | undefined): string {
  const lines = ['Relevance on the real postings (benchmarks/relevance/), each query set scored with its own judgments.'];
  if (previous)
    lines.push(
      `previous run = the product rankings of ${previous.file} (${previous.queries} queries), scored again with today's judgments.`,
    );
  for (const [i, { files }] of sets.entries())
    lines.push('', formatSetReport(files.title, `${files.queriesFile}, ${files.judgmentsFile}`, reports[i]));
  return lines.join('\n');
}

/** The benchmark; the outcome has the timing comparison for the main table and the relevance report of its own. */
export async function relevance(
  options: BenchOptions,
  log: (message: string) => void,
): Promise<{ comparisons: Comparison[]; json: unknown; text: string }> {
  const sets = await Promise.all(chosenSets(options.sets).map(readSet));
  // Read before the world is built, so that a wrong file is said at once.
  const previous = options.previous === undefined ? undefined : { file: options.previous, rankings: await readPrevious(options.previous) };
  if (previous) log(`relevance: ${previous.file} holds the product rankings of ${previous.rankings.size} queries`);
  const { world, postings, keyOfJob, reused } = await relevanceWorld(log);
  const queryEmbedder = await loadQueryEmbedder(world.config);
  try {
    log(`relevance: ${reused ? 'reusing' : 'built'} ${world.config.indexAlias} with ${keyOfJob.size} traced postings`);
    const index = world.config.indexAlias;
    const vectors = await embedWorld(world, log);
    log(
      `relevance: ${vectors.written} jobs given their vectors (${vectors.embedded} texts embedded now` +
        `${vectors.docsPerSecond ? `, ${vectors.docsPerSecond} docs/s` : ''}, the rest from the cache)`,
    );
    const context: SearchContext = {
      client: world.search,
      index,
      embedder: queryEmbedder.embedder,
      knownWords: new KnownWords(world.search, index),
    };
    const systems = { product: productSearch(context), bm25: bm25Search(world.search, index) };
    const ranked: RankedQuery[][] = [];
    for (const set of sets) ranked.push(await rankQueries(systems, set.queries, keyOfJob, previous?.rankings));
    const keyOf = (id: string) => keyOfJob.get(id) ?? `job:${id}`;
    // Quick: no other mode, so the pools hold the default search's and BM25's postings alone.
    const modes: ModeRanking[][] = sets.map(() => []);
    if (!options.quick) {
      log('relevance: ranking every query in keyword, semantic and hybrid mode, and under each fusion');
      for (const [i, set] of sets.entries())
        modes[i] = await rankModes(
          context,
          set.queries.map(({ q }) => q),
          keyOf,
        );
    }

    await mkdir(CACHE_DIR, { recursive: true });
    for (const [i, set] of sets.entries()) {
      const pool = unjudgedPool(set, ranked[i], modes[i], postings);
      await writeFile(set.files.poolFile, JSON.stringify(pool, null, 1));
      log(
        `relevance: ${set.files.name}: ${pool.length} pooled posting(s) not judged yet, written shuffled to ${path.relative(process.cwd(), set.files.poolFile)}`,
      );
    }

    const titleOf = (key: string) => postings.get(key)?.title ?? key;
    const reports = sets.map((set, i) => scoreSet(ranked[i], set.judgments, titleOf, previous !== undefined));
    const previousSummary = previous && { file: previous.file, queries: previous.rankings.size };
    if (previous)
      for (const [i, set] of sets.entries())
        log(
          `relevance: ${set.files.name}: ${reports[i].scores.previous!.queries} of ${set.queries.length} queries compared with ${previous.file}`,
        );

    const allQueries = sets.flatMap((set) => set.queries);
    if (options.quick)
      return {
        comparisons: [],
        json: {
          ...(previousSummary ? { previous: previousSummary } : {}),
          ...Object.fromEntries(sets.map((set, i) => [set.files.name, reports[i]])),
        },
        text: report(sets, reports, previousSummary),
      };
    const modeReports = sets.map((set, i) => ({ title: set.files.name, report: scoreModes(modes[i], set.judgments) }));
    log('relevance: kNN recall against exact search at several num_candidates');
    const recall = await measureKnnRecall(
      world.search,
      index,
      queryEmbedder.embedder,
      allQueries.map(({ q }) => q),
      vectorsOfJobs(vectors.cache, vectors.keyOfJob),
    );
    log('relevance: timing both systems over every query of both sets');
    const times = await timeSystems(systems, allQueries);
    const product = median(times.product);
    const bm25 = median(times.bm25);
    const comparison: Comparison = {
      benchmark: 'relevance',
      case: `search, ${allQueries.length} real-data queries (both sets) x ${TIMED_ROUNDS}`,
      subject: { label: 'product search (client to Elasticsearch)', unit: 'ms', figures: { median: round(product) } },
      baseline: { label: 'plain BM25 multi_match', unit: 'ms', figures: { median: round(bm25) } },
      ratios: { median: timeRatio(product, bm25) },
      note: 'the product may send a second request for a query no job matches in full (one word fewer)',
    };
    return {
      comparisons: [comparison],
      json: {
        ...(previousSummary ? { previous: previousSummary } : {}),
        ...Object.fromEntries(sets.map((set, i) => [set.files.name, reports[i]])),
        modes: Object.fromEntries(modeReports.map(({ title, report: r }) => [title, r])),
        knn_recall: recall,
        hybrid_lists_ms: legTimeMedians(),
        embedding: { written: vectors.written, embedded: vectors.embedded, docs_per_second: vectors.docsPerSecond ?? null },
      },
      text: [
        report(sets, reports, previousSummary),
        '',
        formatModesReport(modeReports),
        '',
        formatLegTimes(),
        '',
        formatRecall(recall, allQueries.length),
      ].join('\n'),
    };
  } finally {
    await queryEmbedder.close();
    await world.teardown(true);
  }
}
