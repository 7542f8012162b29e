import { expect } from 'chai';
import {
  ANY,
  anchorKey,
  anchorOf,
  conditionsOf,
  leafTexts,
  meetsAll,
  requiredShould,
  tightestCondition,
  type Conditions,
  type TokensOf,
} from './anchors';
import { SearchCandidates } from './candidates';

/** Words split on spaces, lowercased, as the word analyzers make them of plain words; a term query's value as it is. */
const words: TokensOf = ({ text, term }) => (term ? [text] : text.toLowerCase().split(' ').filter(Boolean));
const keys = (...pairs: [string, string][]) => new Set(pairs.map(([f, t]) => anchorKey(f, t)));
const mm = (query: string, fields = ['title^6', 'description'], extra: object = {}) => ({ multi_match: { query, fields, ...extra } });

describe('anchor terms of a saved search (what a job must have one of to match)', () => {
  it('reads minimum_should_match as Elasticsearch does', () => {
    expect(requiredShould(undefined, 3, false), 'no must: one should').to.equal(1);
    expect(requiredShould(undefined, 3, true), 'with a must: none').to.equal(0);
    expect(requiredShould('4<80%', 2, false), 'up to 4 clauses: all').to.equal(2);
    expect(requiredShould('4<80%', 6, false), '80% of 6, rounded down').to.equal(4);
    expect(requiredShould('-25%', 5, false), 'a quarter may miss, rounded down').to.equal(4);
    expect(requiredShould(2, 5, false)).to.equal(2);
    expect(requiredShould(-1, 5, false)).to.equal(4);
    expect(requiredShould('2<-25% 9<-3', 12, false), 'the last condition that applies').to.equal(9);
  });

  it('takes the terms of a leaf over every field it searches, and a term as it is', () => {
    expect(anchorOf(mm('Data Engineer'), words)).to.deep.equal(
      keys(['title', 'data'], ['title', 'engineer'], ['description', 'data'], ['description', 'engineer']),
    );
    expect(anchorOf({ term: { 'experience.lower': { value: 'Senior' } } }, words)).to.deep.equal(keys(['experience.lower', 'Senior']));
    expect(anchorOf({ terms: { tags: ['a', 'b'], boost: 2 } }, words)).to.deep.equal(keys(['tags', 'a'], ['tags', 'b']));
  });

  it('gives up on what it cannot bound: fuzzy clauses, unknown query types, texts it cannot analyze', () => {
    expect(anchorOf(mm('enginer', ['title'], { fuzziness: 'AUTO' }), words)).to.equal(ANY);
    expect(anchorOf({ prefix: { title: 'eng' } }, words)).to.equal(ANY);
    expect(anchorOf(mm('data'), () => undefined)).to.equal(ANY);
    expect(leafTexts(mm('enginer', ['title'], { fuzziness: 'AUTO' }))).to.deep.equal([]);
  });

  it('unions the alternatives of a dis_max, and is ANY when one alternative is', () => {
    const nurse = { dis_max: { queries: [mm('nurse', ['title']), mm('nurses', ['title'])] } };
    expect(anchorOf(nurse, words)).to.deep.equal(keys(['title', 'nurse'], ['title', 'nurses']));
    const typo = { dis_max: { queries: [mm('nurse', ['title']), mm('nurse', ['title'], { fuzziness: 1 })] } };
    expect(anchorOf(typo, words)).to.equal(ANY);
  });

  it('takes the tightest of the required clauses, so one fuzzy word among exact ones still narrows', () => {
    const query = {
      bool: {
        should: [{ dis_max: { queries: [mm('enginer', ['title'], { fuzziness: 1 })] } }, mm('data scientist', ['title'])],
        minimum_should_match: '4<80%',
      },
    };
    expect(anchorOf(query, words)).to.deep.equal(keys(['title', 'data'], ['title', 'scientist']));
    const must = { bool: { must: [mm('a b c', ['title']), mm('x', ['title'])], filter: [{ range: { salary_annual_max: { gte: 1 } } }] } };
    expect(anchorOf(must, words)).to.deep.equal(keys(['title', 'x']));
  });

  it('with some should clauses optional, unions enough of them that one must match', () => {
    const five = ['a', 'b', 'c', 'd', 'e'].map((w) => mm(w, ['title']));
    // 80% of 5 = 4 must match: among any 2 clauses, one does.
    expect(anchorOf({ bool: { should: five, minimum_should_match: '4<80%' } }, words)).to.deep.equal(keys(['title', 'a'], ['title', 'b']));
    // Optional should clauses beside a must add nothing.
    expect(anchorOf({ bool: { must: mm('x', ['title']), should: five } }, words)).to.deep.equal(keys(['title', 'x']));
  });

  it('reads through wrappers, and knows a query that can match nothing', () => {
    expect(anchorOf({ constant_score: { filter: mm('chef', ['title']) } }, words)).to.deep.equal(keys(['title', 'chef']));
    expect(anchorOf({ function_score: { query: mm('chef', ['title']) } }, words)).to.deep.equal(keys(['title', 'chef']));
    expect(anchorOf({ bool: { must: [mm('the', ['title']), mm('chef', ['title'])] } }, () => [])).to.deep.equal(new Set());
  });
});

describe('necessary conditions of a saved search (every one a matching job meets)', () => {
  it('keeps one condition per required clause, filters included, and one for enough should clauses', () => {
    const query = {
      bool: {
        must: { bool: { should: [mm('nurse', ['title']), mm('senior', ['title'])], minimum_should_match: '4<80%' } },
        filter: [{ terms: { location_id: ['leeds', 'york'] } }, { range: { salary_annual_max: { gte: 1 } } }],
      },
    };
    const conditions = conditionsOf(query, words);
    expect(conditions, 'both words are required (up to four clauses, all)').to.deep.equal([
      keys(['title', 'nurse']),
      keys(['title', 'senior']),
      keys(['location_id', 'leeds'], ['location_id', 'york']),
    ]);
    const has = (...pairs: [string, string][]) => meetsAll(conditions, keys(...pairs));
    expect(has(['title', 'nurse'], ['title', 'senior'], ['location_id', 'york'])).to.equal(true);
    expect(has(['title', 'nurse'], ['location_id', 'york']), 'senior is required too').to.equal(false);
    expect(has(['title', 'nurse'], ['title', 'senior'], ['location_id', 'bath']), 'the place filter is a condition too').to.equal(false);
    expect(meetsAll([], keys()), 'no condition: every job').to.equal(true);
  });
});

describe('the condition a saved search is filed under (./candidates)', () => {
  const conditions = [keys(['job_type', 'full_time']), keys(['location_id', 'leeds']), keys(['title', 'data'], ['title', 'engineer'])];
  const jobsHolding: Record<string, number> = { full_time: 4000, leeds: 40, data: 300, engineer: 900 };
  const costOf = (term: string) => jobsHolding[term.split('\u0001')[1]];

  it('is the one of fewest terms when nothing is counted, the first of equals', () => {
    expect(tightestCondition(conditions)).to.equal(conditions[0]);
    expect(tightestCondition([])).to.equal(undefined);
  });

  it('is the one the fewest jobs meet when terms are counted: the place, not the job type a third of jobs have', () => {
    expect(tightestCondition(conditions, costOf)).to.equal(conditions[1]);
    expect(tightestCondition([conditions[0], conditions[2]], costOf), 'the words together (1 200) before full_time (4 000)').to.equal(
      conditions[2],
    );
  });

  it('gives a job only the searches whose every condition it meets, whichever condition each is filed under', () => {
    const candidates = new SearchCandidates(costOf);
    const search = (id: string, of: Conditions) => ({ id, userId: 'u', query: {}, conditions: of });
    candidates.add(search('leeds-data', conditions));
    candidates.add(search('any-data', [conditions[0], conditions[2]]));
    candidates.add(search('everything', []));
    const job = (...terms: [string, string][]) => [...candidates.candidatesFor(keys(...terms))].sort();
    expect(job(['job_type', 'full_time'], ['location_id', 'leeds'], ['title', 'engineer'])).to.deep.equal([
      'any-data',
      'everything',
      'leeds-data',
    ]);
    expect(job(['job_type', 'full_time'], ['location_id', 'york'], ['title', 'data'])).to.deep.equal(['any-data', 'everything']);
    expect(job(['location_id', 'leeds'], ['title', 'data'])).to.deep.equal(['everything']);
    candidates.remove('leeds-data');
    expect(job(['job_type', 'full_time'], ['location_id', 'leeds'], ['title', 'data'])).to.deep.equal(['any-data', 'everything']);
  });
});
