import { expect } from 'chai';
import { concepts } from './synonyms';
import {
  canRelax,
  commonTopics,
  distinguishingQualifier,
  isTopicList,
  meantQuery,
  relevanceQuery,
  termGroups,
  type TypoPolicy,
} from './relevance';

/** The boosts of the clauses in a query that ask for `term`, wherever they are nested. */
function boostsOf(query: unknown, term: string): number[] {
  if (Array.isArray(query)) return query.flatMap((part) => boostsOf(part, term));
  if (query === null || typeof query !== 'object') return [];
  const clause = query as Record<string, unknown>;
  const match = clause.multi_match as { query?: string; boost?: number } | undefined;
  const own = match?.query === term ? [match.boost ?? 1] : [];
  return [...own, ...Object.values(clause).flatMap((part) => boostsOf(part, term))];
}

describe('relevanceQuery', () => {
  it('weighs the roles of a field named alone as much as the words typed, and below them beside another term', () => {
    const [alone] = boostsOf(relevanceQuery('midwifery jobs').match, 'midwife');
    const [beside] = boostsOf(relevanceQuery('midwifery manager').match, 'midwife');
    expect(alone).to.equal(1);
    expect(beside).to.equal(0.5);
  });

  describe('a query of skills or topics, scored on its words together as plain BM25 scores them', () => {
    /** A policy whose look-up answered: these words name roles, no other. */
    const naming = (roles: string[]): TypoPolicy => Object.assign(() => false, { roles: new Set(roles) });
    const together = (q: string, policy?: TypoPolicy) =>
      JSON.stringify(relevanceQuery(q, policy).match).includes(
        '"type":"best_fields","fields":["title.plain","description.plain"],"boost":4',
      );

    it('adds the words over title and description, the better field, to a query of two terms or more that names no role', () => {
      expect(together('snowflake dbt', naming([]))).to.equal(true);
      expect(JSON.stringify(relevanceQuery('statistical modeling', naming([])).match)).to.include('"query":"statistical modeling"');
    });

    it('leaves a query that names a role, a single term and a query whose roles are not known as they were', () => {
      expect(together('locum pharmacist', naming(['pharmacist']))).to.equal(false);
      expect(together('python', naming([]))).to.equal(false);
      expect(together('machine learning', naming([]))).to.equal(false);
      expect(together('snowflake dbt')).to.equal(false);
    });

    it('leaves out the place and the filler', () => {
      const policy = Object.assign(() => false, { roles: new Set<string>(), places: new Set(['leeds']) });
      expect(JSON.stringify(relevanceQuery('python sql jobs in leeds', policy).match)).to.include(
        '"multi_match":{"query":"python sql","type":"best_fields","fields":["title.plain","description.plain"]',
      );
    });
  });

  it('asks for a pay band as its words together, one term of those required, and lets jobs missing it follow the role', () => {
    const strict = JSON.stringify(relevanceQuery('band 8a project manager').match);
    expect(strict).to.include('"multi_match":{"query":"band 8a","type":"phrase","fields":["title.plain","description.plain"]}');
    // Two terms, both required: the role ("project manager", one term) and the band.
    const asked = relevanceQuery('band 8a project manager').match as { bool: { should: unknown[]; minimum_should_match: string } };
    expect(asked.bool.should).to.have.length(2);
    expect(asked.bool.minimum_should_match).to.equal('4<80%');
    expect(strict).not.to.include('"query":"8a"');
    const relaxed = JSON.stringify(relevanceQuery('band 8a project manager', undefined, { relaxed: true, place: 'required' }).match);
    expect(relaxed).to.match(/"constant_score":\{"filter":\{"bool":\{"must":\[\{"dis_max".*"boost":200/);
    expect(canRelax('band 7 nurse')).to.equal(true);
    // Two bands offered: either will do, one term.
    const either = relevanceQuery('band 5 or band 6 nurse').match as { bool: { should: unknown[] } };
    expect(either.bool.should).to.have.length(2);
    expect(JSON.stringify(either)).to.include('{"bool":{"should":[{"multi_match":{"query":"band 5","type":"phrase"');
  });

  it('asks for "it" in a query of keywords in the short fields as written, which keep it', () => {
    const json = JSON.stringify(relevanceQuery('it support').match);
    expect(json).to.include('"query":"it","type":"best_fields","fields":["title.plain^6"');
    expect(json).not.to.include('description.plain');
  });
});

describe('meantQuery', () => {
  const correcting = (corrections: Record<string, string>): TypoPolicy =>
    Object.assign((word: string) => word in corrections, { corrections: new Map(Object.entries(corrections)) });

  it('puts the word meant in place of each word typed that the index does not know, keeping the rest as typed', () => {
    expect(meantQuery('Senior Radiografer, Leeds', correcting({ radiografer: 'radiographer' }))).to.equal('Senior radiographer Leeds');
    expect(meantQuery('data anaylst', correcting({}))).to.equal('data anaylst');
    expect(meantQuery('data anaylst')).to.equal('data anaylst');
  });

  it('builds the search of the word meant: no fuzzy clause, and the typed word nowhere', () => {
    const json = JSON.stringify(relevanceQuery('enginer', correcting({ enginer: 'engineer' })).match);
    expect(json).to.include('"query":"engineer"');
    expect(json).not.to.include('enginer"').and.not.to.include('fuzziness');
  });
});

describe('distinguishingQualifier', () => {
  /** A policy that knows each word's rarity (the same in every field) and which words name roles. */
  const knowing = (rarities: Record<string, number>, roles: string[]): TypoPolicy =>
    Object.assign(() => false, { roles: new Set(roles), rarity: (word: string) => rarities[word] });
  const qualifierOf = (q: string, policy: TypoPolicy) => {
    const terms = concepts(q.split(' '));
    const found = distinguishingQualifier(terms, policy);
    return found === undefined ? undefined : terms[found].words.join(' ');
  };

  it('is the word that names no role and is rarer than every word that does', () => {
    expect(qualifierOf('mortuary technician', knowing({ mortuary: 6.9, technician: 4.1 }, ['technician']))).to.equal('mortuary');
    expect(qualifierOf('gis data analyst', knowing({ gis: 6.5, data: 1.6, analyst: 2.6 }, ['data', 'analyst']))).to.equal('gis');
  });

  it('is none when the rarer word names roles too, when no word names a role, or when roles are rarer', () => {
    expect(qualifierOf('locum pharmacist', knowing({ locum: 4.2, pharmacist: 4.0 }, ['locum', 'pharmacist']))).to.equal(undefined);
    expect(qualifierOf('snowflake dbt', knowing({ snowflake: 6.7, dbt: 5.4 }, []))).to.equal(undefined);
    expect(qualifierOf('ux designer', knowing({ ux: 5.7, designer: 6.1 }, ['designer']))).to.equal(undefined);
  });

  it('is a word that names roles when it stands before the noun of the job and is far rarer than it', () => {
    const knows = knowing({ neurophysiology: 7.5, technician: 4.1, locum: 4.2, pharmacist: 4.0 }, [
      'neurophysiology',
      'technician',
      'locum',
      'pharmacist',
    ]);
    expect(qualifierOf('neurophysiology technician', knows)).to.equal('neurophysiology');
    // After the noun it names another job; about as rare as the noun it is no qualifier.
    expect(qualifierOf('technician neurophysiology', knows)).to.equal(undefined);
    expect(qualifierOf('locum pharmacist', knows)).to.equal(undefined);
  });

  it('is none without rarities, or when a word has none', () => {
    expect(
      qualifierOf(
        'mortuary technician',
        Object.assign(() => false, { roles: new Set(['technician']) }),
      ),
    ).to.equal(undefined);
    expect(qualifierOf('mortuary technician', knowing({ technician: 4.1 }, ['technician']))).to.equal(undefined);
  });
});

describe('commonTopics', () => {
  /** A policy that knows each word's rarity in descriptions and which words name roles. */
  const knowing = (rarities: Record<string, number>, roles: string[] = []): TypoPolicy =>
    Object.assign(() => false, { roles: new Set(roles), rarity: (word: string) => rarities[word] });
  const commonOf = (q: string, policy: TypoPolicy) => {
    const terms = concepts(q.split(' '));
    return [...commonTopics(terms, policy)].map((i) => terms[i].words.join(' '));
  };
  // ln(1 + 9) is a word in a tenth of the descriptions: "risk" in a third (0.7), "motivational" in one in a hundred (4.6).
  const rarities = { motivational: 4.6, interviewing: 4.2, risk: 0.7, assessment: 1.2, manual: 4.2, handling: 3.7, first: 1.8, aid: 4.4 };

  it('are the words of a query of three topics or more, naming no role, that more than a tenth of descriptions have', () => {
    expect(commonOf('motivational interviewing risk assessment', knowing(rarities))).to.deep.equal(['risk', 'assessment']);
    expect(commonOf('manual handling first aid', knowing(rarities))).to.deep.equal(['first']);
  });

  it('are none in a query of two terms, in one that names a role, when every term is common, or without rarities', () => {
    expect(commonOf('risk motivational', knowing(rarities))).to.deep.equal([]);
    expect(commonOf('risk assessment nurse', knowing({ ...rarities, nurse: 2.5 }, ['nurse']))).to.deep.equal([]);
    expect(commonOf('risk assessment first', knowing(rarities))).to.deep.equal([]);
    expect(
      commonOf(
        'motivational interviewing risk',
        Object.assign(() => false, { roles: new Set<string>() }),
      ),
    ).to.deep.equal([]);
  });

  it('score where a job has them, outside the terms every job must have', () => {
    type Bool = { bool: { must: Bool | { bool: { minimum_should_match: string } }; should: unknown[] } };
    // Inside the clauses that favour (the words together, wordsTogetherQuery): what must match, and what ranks beside it.
    const { match } = relevanceQuery('motivational interviewing risk assessment', knowing(rarities)) as { match: Bool };
    const required = match.bool.must as Bool;
    expect(boostsOf(required.bool.must, 'risk')).to.deep.equal([]);
    expect(JSON.stringify(required.bool.must)).to.include('"query":"motivational"');
    expect(JSON.stringify(required.bool.should)).to.include('"query":"risk"').and.to.include('"query":"assessment"');
  });
});

describe('termGroups', () => {
  const groupsOf = (words: string[], alternatives: [string, string][]) => termGroups(concepts(words), alternatives);

  it('puts the terms joined by "or" in one group, the rest each alone, in order', () => {
    expect(groupsOf(['warehouse', 'stores'], [['warehouse', 'stores']])).to.deep.equal([[0, 1]]);
    expect(
      groupsOf(
        ['python', 'java', 'go', 'developer'],
        [
          ['python', 'java'],
          ['java', 'go'],
        ],
      ),
    ).to.deep.equal([[0, 1, 2], [3]]);
    expect(groupsOf(['python', 'developer'], [])).to.deep.equal([[0], [1]]);
  });

  it('finds a word inside a term of several ("machine learning or statistics")', () => {
    expect(groupsOf(['machine', 'learning', 'statistics', 'jobs'], [['learning', 'statistics']])).to.deep.equal([[0, 1], [2]]);
  });

  it('asks for a job in either of two places joined by "or"', () => {
    const policy = Object.assign(() => false, { roles: new Set(['nurse']), places: new Set(['leeds', 'york']) });
    const json = JSON.stringify(relevanceQuery('nurse leeds or york', policy).match);
    expect(json).to.include(
      '"filter":[{"bool":{"must":[{"bool":{"should":[{"match":{"location":"leeds"}},{"match":{"location":"york"}}]}}]}}]',
    );
  });

  it('asks for either alternative, as one term of those required', () => {
    const json = JSON.stringify(relevanceQuery('warehouse or stores').match);
    expect(json).to.include('"minimum_should_match":"4<80%"').and.to.include('"dis_max":{"queries":[{"dis_max"');
    // One term, then: nothing to relax.
    expect(canRelax('warehouse or stores')).to.equal(false);
    expect(canRelax('python or java developer')).to.equal(true);
  });
});

describe('isTopicList', () => {
  /** A policy whose look-up answered: these words name roles, no other. */
  const naming = (roles: string[]): TypoPolicy => Object.assign(() => false, { roles: new Set(roles) });

  it('is true of three terms or more that name no role, with no stop word or filler among them', () => {
    expect(isTopicList('sage 50 vat returns', naming([]))).to.equal(true);
    expect(isTopicList('depot injections clozapine', naming([]))).to.equal(true);
  });

  it('is false of a pair, of a query that names a role, of a sentence, and when the roles are not known', () => {
    expect(isTopicList('snowflake dbt', naming([]))).to.equal(false);
    expect(isTopicList('payroll pensions officer', naming(['officer']))).to.equal(false);
    expect(isTopicList("looking after people's feet and toenails", naming([]))).to.equal(false);
    expect(isTopicList('sage 50 vat returns')).to.equal(false);
  });
});

describe('a search for half the words', () => {
  it('requires half the terms, rounded down, and keeps the jobs with every word first for a query that names no role', () => {
    const half = relevanceQuery(
      'sage 50 vat returns',
      Object.assign(() => false, { roles: new Set<string>() }),
      {
        relaxed: true,
        halfTheWords: true,
        place: 'required',
      },
    );
    const text = JSON.stringify(half.match);
    expect(text).to.include('"minimum_should_match":"1<50%"');
    expect(text).to.include('"boost":500');
  });
});
