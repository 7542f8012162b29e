import { expect } from 'chai';
import { meantQuery, relevanceQuery, type TypoPolicy } from './relevance';

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
