import type { JobTypeValue } from '../../../../shared/schemas/common';
import { MAX_QUERY_WORDS, queryTokens, stopWordsOf } from './query-words';
import { endsTerm } from './synonyms';

/** Seniority levels a seeker names ("senior", "entry level", "head of"). */
export type Level = 'intern' | 'entry' | 'mid' | 'senior' | 'lead' | 'principal' | 'head';

/**
 * What a job seeker's query asks for, read the way the seeker meant it: the role (the words
 * that must match), and the seniority, job type and remote work it names, which favour the
 * jobs that have them without being required of every job (most postings state no seniority,
 * and a part-time post is often a full-time post that says "part time considered"). Filler
 * ("jobs", "vacancy", "hiring") is dropped: it says nothing about which job.
 */
export interface QueryIntent {
  /** Words of the role, in order, without stop words, filler and the phrases understood below. */
  role: string[];
  levels: Level[];
  types: JobTypeValue[];
  /** For each job type named, the words that named it, as typed ("fixed term"; hyphens as spaces): a posting that says them counts more than one that says another word for the type. */
  typeWords: Partial<Record<JobTypeValue, string[]>>;
  remote: boolean;
  /**
   * Pay grades named ("band 8a", as NHS Agenda for Change bands are written): what must be true of
   * the job, but not what it is, so not role words (../relevance gradeClause).
   */
  grades: string[];
  /** The query without filler and grades ("head of nursing"): what the phrase boosts compare with titles. */
  phraseText: string;
  /**
   * Pairs of role words the seeker offered as alternatives, either of which will do: the words on
   * each side of an "or" ("warehouse or stores", "python or java developer").
   */
  alternatives: [string, string][];
  /**
   * The role as typed, stop words within it kept ("speech and language therapist"): what the
   * phrase boost compares with descriptions, where a level or type named twice ("entry level")
   * would otherwise outrank a title that names the role.
   */
  rolePhrase: string;
}

/** Words that say "a job" and nothing about which one. */
const FILLER = new Set([
  'job',
  'jobs',
  'role',
  'roles',
  'position',
  'positions',
  'vacancy',
  'vacancies',
  'hiring',
  'opportunity',
  'opportunities',
  'opening',
  'openings',
  'career',
  'careers',
  'post',
  'posts',
  'wanted',
  'needed',
  // What a seeker says to the search rather than of the job ("show me", "i want", "looking for",
  // "any ... going"): postings say them too ("we are looking for", "show", "me"), so required they
  // kept only the postings that happen to. Not "search": it names work ("paid search", "executive
  // search"), as "work" does ("social work").
  'show',
  'me',
  'find',
  'i',
  'want',
  'looking',
  'seeking',
  'any',
  'going',
  // The rest of a seeker's sentence ("can i become a phlebotomist", "i need a remote data analyst
  // job", "jobs for someone with tableau experience"): required, they kept the postings that say
  // "you will need" or "can", which is most of them, and few phlebotomists.
  'can',
  'could',
  'would',
  'like',
  'need',
  'become',
  'someone',
  'please',
]);

/** Phrases (as word sequences) and what they name; a phrase may name a level and a job type at once ("internship"). */
interface Understood {
  words: readonly string[];
  level?: Level;
  type?: JobTypeValue;
  remote?: true;
}

const PHRASES: readonly Understood[] = (
  [
    ...['intern', 'interns', 'internship', 'internships'].map((w) => ({
      words: [w],
      level: 'intern' as const,
      type: 'internship' as const,
    })),
    ...['graduate', 'graduates', 'grad', 'junior', 'jr', 'jnr', 'trainee', 'entry-level'].map((w) => ({
      words: [w],
      level: 'entry' as const,
    })),
    { words: ['entry', 'level'], level: 'entry' },
    { words: ['new', 'grad'], level: 'entry' },
    // A seeker with no experience asks for the jobs that need none: "experience" required kept the
    // jobs that ask for it, which is nearly every description.
    ...[
      ['no', 'experience'],
      ['without', 'experience'],
      ['without', 'any', 'experience'],
      ['no', 'previous', 'experience'],
      ['no', 'prior', 'experience'],
      ['no', 'experience', 'required'],
      ['no', 'experience', 'necessary'],
    ].map((words) => ({ words, level: 'entry' as const })),
    { words: ['mid', 'level'], level: 'mid' },
    ...['mid', 'mid-level', 'intermediate'].map((w) => ({ words: [w], level: 'mid' as const })),
    ...['senior', 'sr', 'snr'].map((w) => ({ words: [w], level: 'senior' as const })),
    { words: ['lead'], level: 'lead' },
    { words: ['principal'], level: 'principal' },
    { words: ['head', 'of'], level: 'head' },
    { words: ['part', 'time'], type: 'part_time' },
    ...['part-time', 'parttime'].map((w) => ({ words: [w], type: 'part_time' as const })),
    { words: ['full', 'time'], type: 'full_time' },
    ...['full-time', 'fulltime', 'permanent'].map((w) => ({ words: [w], type: 'full_time' as const })),
    ...['contract', 'contractor', 'contracts', 'temporary', 'temp', 'fixed-term'].map((w) => ({ words: [w], type: 'contract' as const })),
    { words: ['fixed', 'term'], type: 'contract' },
    ...['freelance', 'freelancer'].map((w) => ({ words: [w], type: 'freelance' as const })),
    ...['volunteer', 'volunteering', 'voluntary'].map((w) => ({ words: [w], type: 'volunteer' as const })),
    ...['remote', 'remotely', 'wfh'].map((w) => ({ words: [w], remote: true as const })),
    { words: ['work', 'from', 'home'], remote: true },
    // Nearness to the seeker, whose whereabouts a search does not know: filler, not words to match.
    { words: ['near', 'me'] },
    { words: ['nearby'] },
    { words: ['close', 'to', 'me'] },
    { words: ['in', 'my', 'area'] },
    // Nearness to a place named ("near leeds", "around bristol", "close to york"): the place says
    // where; the word before it, required as a place of its own, asked every job to be located at
    // "near" too, which none is.
    { words: ['near'] },
    { words: ['around'] },
    { words: ['close', 'to'] },
    { words: ['home', 'based'], remote: true },
  ] satisfies Understood[]
).sort((a, b) => b.words.length - a.words.length);

const contentWords = (tokens: readonly string[], stop: ReadonlySet<string>) =>
  [...new Set(tokens.filter((w) => !stop.has(w)))].slice(0, MAX_QUERY_WORDS);

/** The longest run of kept tokens, without stop words at its ends ("nurse" of "part time nurse"). */
function longestRun(kept: readonly (string | undefined)[], stop: ReadonlySet<string>): string {
  let best: string[] = [];
  let run: string[] = [];
  for (const token of [...kept, undefined]) {
    if (token !== undefined) run.push(token);
    else {
      while (run.length > 0 && stop.has(run[0])) run.shift();
      while (run.length > 0 && stop.has(run[run.length - 1])) run.pop();
      if (run.length > best.length) best = run;
      run = [];
    }
  }
  return best.join(' ');
}

/**
 * The role words on each side of an "or", as pairs: "or" is a stop word, so without them every
 * word was required, and "warehouse or stores" asked for the jobs that say both. Only single words
 * next to it: in "data analyst or data scientist" the word after it is one the role has already,
 * and the pair is left out rather than read as "analyst or data".
 */
function alternativesOf(tokens: readonly string[], role: readonly string[]): [string, string][] {
  const pairs: [string, string][] = [];
  tokens.forEach((token, i) => {
    const [before, after] = [tokens[i - 1], tokens[i + 1]];
    if (token !== 'or' || before === undefined || after === undefined || before === after) return;
    if (role.includes(before) && role.includes(after) && !tokens.slice(0, i).includes(after)) pairs.push([before, after]);
  });
  return pairs;
}

/**
 * `items` grouped as the seeker offered them, as groups of their indices in order: each item alone,
 * or the items holding words joined by "or" (`alternatives`) together, either of which will do.
 * `holds` says whether an item holds a word (a term its words, a place its name).
 */
export function alternativeGroups<T>(
  items: readonly T[],
  alternatives: readonly (readonly [string, string])[],
  holds: (item: T, word: string) => boolean,
): number[][] {
  const groupOf = items.map((_, i) => i);
  const find = (i: number): number => (groupOf[i] === i ? i : find(groupOf[i]));
  for (const [a, b] of alternatives) {
    const [i, j] = [a, b].map((word) => items.findIndex((item) => holds(item, word)));
    if (i >= 0 && j >= 0) groupOf[find(j)] = find(i);
  }
  const groups = new Map<number, number[]>();
  items.forEach((_, i) => groups.set(find(i), [...(groups.get(find(i)) ?? []), i]));
  return [...groups.values()];
}

/**
 * Reads a query; `roles` are the words that name roles, when the index said (./known-words).
 * When nothing of a role is left ("senior", "part time jobs", "remote"), the words it has are the
 * role after all, so the query still asks for something: the filler when it is all there is
 * ("jobs").
 */
export function understandQuery(q: string, roles?: ReadonlySet<string>): QueryIntent {
  const intent = readIntent(q, false);
  // A job type is the type of a role. When the one other word of the query names none, the two
  // words are one thing: "contract management" is a field, not any fixed-term job that mentions
  // management; "volunteer befriending". With more words, they are a role the index does not know
  // as one ("contract scrum master").
  const [word, ...others] = intent.role;
  if (!roles || intent.types.length === 0 || word === undefined || others.length > 0 || roles.has(word)) return intent;
  return readIntent(q, true);
}

/**
 * The number of an NHS pay band: 1 to 9, and 8a to 8d (tokens are lowercase). "band" before one
 * names a grade ("band 6 nurse", "band 8a pharmacist"); before another word it is a word ("brass band").
 */
const BAND_NUMBER = /^(?:[1-9]|8[a-d])$/;
const isGradeAt = (tokens: readonly string[], i: number) => tokens[i] === 'band' && BAND_NUMBER.test(tokens[i + 1] ?? '');

/**
 * "work" as a seeker says it of a job ("weekend work as a kitchen porter", "looking for
 * healthcare scientist work"), unless it ends a term with the word before it ("social work").
 */
const WORK = 'work';

/** Whether the token at `i` is filler (FILLER, or WORK where it ends no term). */
const isFillerAt = (tokens: readonly string[], i: number) =>
  FILLER.has(tokens[i]) || (tokens[i] === WORK && !(i > 0 && endsTerm(tokens[i - 1], WORK)));

function readIntent(q: string, typeWordsAreWords: boolean, gradesAreWords = false): QueryIntent {
  const tokens = queryTokens(q);
  const filler = tokens.map((_, i) => isFillerAt(tokens, i));
  // The tokens of the grades named, left out of the role and of the phrase.
  const inGrade = tokens.map(() => false);
  const grades: string[] = [];
  const stop = stopWordsOf(tokens);
  const levels = new Set<Level>();
  const types = new Set<JobTypeValue>();
  const typeWords: Partial<Record<JobTypeValue, string[]>> = {};
  let remote = false;
  // The tokens no phrase understood, each with whether it is filler.
  const rest: { word: string; filler: boolean }[] = [];
  // Tokens of the role as typed (stop words kept), for the phrase; filler and understood phrases leave gaps.
  const kept: (string | undefined)[] = [];
  for (let i = 0; i < tokens.length;) {
    if (!gradesAreWords && isGradeAt(tokens, i)) {
      grades.push(`${tokens[i]} ${tokens[i + 1]}`);
      inGrade[i] = inGrade[i + 1] = true;
      kept.push(undefined);
      i += 2;
      continue;
    }
    const phrase = PHRASES.find((p) => p.words.every((word, k) => tokens[i + k] === word));
    if (!phrase) {
      rest.push({ word: tokens[i], filler: filler[i] });
      kept.push(filler[i] ? undefined : tokens[i]);
      i += 1;
      continue;
    }
    // Not an internship, a level too, whose clause looks for the word in titles already.
    const alsoWord = typeWordsAreWords && phrase.type !== undefined && phrase.level === undefined && phrase.words.length === 1;
    if (alsoWord) rest.push({ word: tokens[i], filler: false });
    kept.push(alsoWord ? tokens[i] : undefined);
    if (phrase.level) levels.add(phrase.level);
    if (phrase.type) {
      types.add(phrase.type);
      const typed = phrase.words.join(' ').replaceAll('-', ' ');
      typeWords[phrase.type] = [...new Set([...(typeWords[phrase.type] ?? []), typed])];
    }
    if (phrase.remote) remote = true;
    i += phrase.words.length;
  }
  const role = contentWords(
    rest.filter(({ filler }) => !filler).map(({ word }) => word),
    stop,
  );
  // A grade alone ("band 6 jobs") is what the seeker asks for: its words are the role then.
  if (grades.length > 0 && role.length === 0) return readIntent(q, typeWordsAreWords, true);
  const withoutFiller = tokens.filter((_, i) => !filler[i] && !inGrade[i]);
  const fallback = contentWords(withoutFiller, stop);
  const roleOrFallback = role.length > 0 ? role : fallback.length > 0 ? fallback : contentWords(tokens, stop);
  return {
    role: roleOrFallback,
    alternatives: alternativesOf(tokens, roleOrFallback),
    levels: [...levels],
    types: [...types],
    typeWords,
    grades: [...new Set(grades)],
    remote,
    phraseText: (withoutFiller.length > 0 ? withoutFiller : tokens).join(' '),
    rolePhrase: role.length > 0 ? longestRun(kept, stop) : (withoutFiller.length > 0 ? withoutFiller : tokens).join(' '),
  };
}
