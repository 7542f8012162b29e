import type { estypes } from '@elastic/elasticsearch';
import { placeCodeOf } from './place-names';
import { alternativeGroups, type QueryIntent } from './query-intent';
import type { Concept } from './synonyms';
import { formsOf } from './word-forms';

type Query = estypes.QueryDslQueryContainer;

/*
 * The clauses of a place named in a query ("physiotherapist leeds"): which words name places,
 * the jobs located there, and those whose title names the role (./relevance matchQuery decides
 * whether the place is required or comes first).
 */

/**
 * The role words that name places (TypoPolicy.places), unless every one does and no grade is
 * named: a query of places alone ("london") asks for them as words; "band 5 leeds" for band 5 jobs in Leeds.
 */
export function placesOf(intent: QueryIntent, places: ReadonlySet<string> | undefined): string[] {
  const isPlace = (word: string) => places?.has(word) ?? false;
  return intent.role.every(isPlace) && intent.grades.length === 0 ? [] : intent.role.filter(isPlace);
}

/**
 * Added to the score of a job in the place named whose title names the role (roleInTitle) when
 * jobs elsewhere are let in (MatchMode `first`): far above what any words score, so those jobs
 * stay above the others, best first among themselves, and the others follow in their own order.
 */
export const PLACE_FIRST = 1000;

/**
 * A job located in the place named: every place word in its location ("los angeles"), or a US
 * state named in full as its code ("california": "CA"); of places offered as alternatives
 * ("leeds or bradford", ./query-intent alternatives), one.
 */
export function inPlace(places: readonly string[], alternatives: readonly (readonly [string, string])[] = []): Query {
  const at = (place: string): Query => {
    const byName: Query = { match: { location: place } };
    const code = placeCodeOf(place);
    return code ? { bool: { should: [byName, { term: { 'location.plain': code } }] } } : byName;
  };
  const groups = alternativeGroups(places, alternatives, (place, word) => place === word).map((group) => group.map((i) => places[i]));
  return { bool: { must: groups.map((group) => (group.length === 1 ? at(group[0]) : { bool: { should: group.map(at) } })) } };
}

/**
 * A job whose title names the role: each term of it in the title, in any form ("Nurses") or
 * through a synonym or a role of its field ("HCA", "Midwife" for "midwifery"); of terms offered
 * as alternatives (`groups` of term indices, ./relevance termGroups), one. A job that only
 * mentions the words ("Domestic Assistant" at a healthcare trust, for "healthcare assistant")
 * is a weaker answer than the role elsewhere.
 */
export function roleInTitle(terms: readonly Concept[], groups: readonly (readonly number[])[] = terms.map((_, i) => [i])): Query {
  // Each form with every token it analyses to: "l&d" is "l" and "d", and "d" alone met "R&D".
  const word = (w: string): Query => ({
    bool: { should: formsOf(w).map((form) => ({ match: { title: { query: form, operator: 'and' } } })) },
  });
  const inTitle = ({ words, synonyms, family }: Concept): Query => {
    const itself: Query = { bool: { must: words.map(word) } };
    const standIns = [...synonyms, ...family].map((term): Query => ({ match_phrase: { title: term } }));
    return standIns.length === 0 ? itself : { bool: { should: [itself, ...standIns] } };
  };
  return {
    bool: {
      must: groups.map((group) =>
        group.length === 1 ? inTitle(terms[group[0]]) : { bool: { should: group.map((i) => inTitle(terms[i])) } },
      ),
    },
  };
}
