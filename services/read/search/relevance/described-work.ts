import { placesOf } from './place-clauses';
import { readWithoutRole, type TypoPolicy } from './relevance';

/**
 * Role words from which a query that names no role is a description of the work rather than a
 * list of topics: "bring newborn babies safely into the world", "someone to automate how our code
 * gets released to servers". Below it, few words that name no role are a topic or a pair of
 * skills ("snowflake dbt", "care planning"), which the words answer (docs/decisions.md, round 31).
 */
export const DESCRIPTION_WORDS = 5;

/**
 * Whether a query describes the work instead of naming it, so that keyword search ranks it by
 * its words and its meaning together (../run/search-described): a sentence (a stop word or filler
 * among its words: "vat returns year end accounts" is a list of topics) of DESCRIPTION_WORDS role
 * words or more, none of which names roles (TypoPolicy.roles) or places. Postings rarely use a
 * seeker's words for what the job does, so required, four fifths of them kept the postings that
 * happened to say "people", "after" and "support" ("looking after very sick people on life
 * support machines"). A role or a place named is what the words find best: "band 6 speech and
 * language therapist", "i'm a nurse looking for work in leeds" keep keyword search. Without the
 * index's knowledge of roles (`typos` absent) no query is read so.
 */
export function describesWork(q: string, typos: TypoPolicy | undefined): boolean {
  const read = readWithoutRole(q, typos);
  if (!read || read.intent.role.length < DESCRIPTION_WORDS) return false;
  if (placesOf(read.intent, typos?.places).length > 0) return false;
  return read.sentence;
}
