import { expect } from 'chai';
import {
  ndcgAt10,
  pairedTest,
  precisionAt10,
  reciprocalRank,
  scoreByCategory,
  scoreSystem,
  scoreQuery,
  signTest,
  unjudged,
} from './relevance-metrics';

describe('relevance metrics', () => {
  const grades = { a: 2, b: 1, c: 0, d: 2 };

  it('counts relevant postings (grade 1 or 2) over ten places, empty places as misses', () => {
    expect(precisionAt10(['a', 'b', 'c'], grades)).to.equal(0.2);
    expect(precisionAt10(['c', 'x'], grades)).to.equal(0);
  });

  it('gives nDCG 1 to the ideal order and less to any other', () => {
    expect(ndcgAt10(['a', 'd', 'b', 'c'], grades)).to.equal(1);
    const swapped = ndcgAt10(['b', 'a', 'd'], grades);
    expect(swapped).to.be.below(1).and.above(0.8);
    // (2^1-1)/log2(2) + (2^2-1)/log2(3) + 3/log2(4) over 3 + 3/log2(3) + 1/log2(4)
    expect(swapped).to.be.closeTo((1 + 3 / Math.log2(3) + 1.5) / (3 + 3 / Math.log2(3) + 0.5), 1e-12);
    expect(ndcgAt10(['c'], grades)).to.equal(0);
    expect(ndcgAt10(['a'], {})).to.equal(0);
  });

  it('takes the place of the first relevant posting for the reciprocal rank', () => {
    expect(reciprocalRank(['c', 'x', 'b'], grades)).to.equal(1 / 3);
    expect(reciprocalRank(['c'], grades)).to.equal(0);
  });

  it('lists the unjudged postings of the first ten places and counts them as not relevant', () => {
    expect(unjudged(['a', 'x', 'y'], grades)).to.deep.equal(['x', 'y']);
    expect(precisionAt10(['x'], grades)).to.equal(0);
  });

  it('averages over queries and names those that found nothing', () => {
    const perQuery = new Map([
      ['q1', scoreQuery(['a', 'd'], grades, 2)],
      ['q2', scoreQuery([], grades, 0)],
    ]);
    const system = scoreSystem(perQuery);
    expect(system.p10).to.equal(0.1);
    expect(system.mrr).to.equal(0.5);
    expect(system.zeroResults).to.deep.equal(['q2']);
  });

  it('averages nDCG@10 and P@10 by category, in the order the categories first appear', () => {
    const perQuery = new Map([
      ['nurse', scoreQuery(['a', 'd'], grades, 2)],
      ['java react', scoreQuery(['c'], grades, 1)],
      ['nures', scoreQuery(['b'], grades, 1)],
    ]);
    const style: Record<string, string> = { nurse: 'role', 'java react': 'skill pair', nures: 'role' };
    const byCategory = scoreByCategory(perQuery, (q) => style[q]);
    expect([...byCategory.keys()]).to.deep.equal(['role', 'skill pair']);
    expect(byCategory.get('role')!.queries).to.equal(2);
    expect(byCategory.get('role')!.p10).to.be.closeTo(0.15, 1e-12);
    expect(byCategory.get('role')!.ndcg10).to.be.closeTo((ndcgAt10(['a', 'd'], grades) + ndcgAt10(['b'], grades)) / 2, 1e-12);
    expect(byCategory.get('skill pair')).to.deep.equal({ queries: 1, ndcg10: 0, p10: 0 });
  });

  // Reference values from Python: min(1, 2 * sum(comb(n, i) for i in range(k + 1)) / 2**n).
  it('gives the two-sided exact sign test p-value', () => {
    expect(signTest(25, 8)).to.be.closeTo(0.004551384132355452, 1e-12);
    expect(signTest(8, 25)).to.equal(signTest(25, 8));
    expect(signTest(10, 2)).to.be.closeTo(0.03857421875, 1e-12);
    expect(signTest(6, 0)).to.be.closeTo(0.03125, 1e-12);
    expect(signTest(0, 10)).to.be.closeTo(0.001953125, 1e-12);
    expect(signTest(30, 20)).to.be.closeTo(0.20263875106454066, 1e-12);
    expect(signTest(500, 400)).to.be.closeTo(0.0009564441369189461, 1e-12);
    // 2^-2000 underflows; the sum in logarithms does not.
    expect(signTest(1000, 1000)).to.equal(1);
    expect(signTest(1100, 900)).to.be.above(0).and.below(1e-5);
  });

  it('gives p = 1 when nothing is to be told apart', () => {
    expect(signTest(0, 0)).to.equal(1);
    expect(signTest(1, 0)).to.equal(1);
    expect(signTest(5, 5)).to.equal(1);
  });

  it('pairs the queries both sides have, counting differences below 1e-9 as ties', () => {
    const subject = new Map([
      ['a', 0.9],
      ['b', 0.5],
      ['c', 0.3],
      ['d', 0.7],
      ['only the subject has it', 1],
    ]);
    const baseline = new Map([
      ['a', 0.4],
      ['b', 0.5 + 1e-12],
      ['c', 0.6],
      ['d', 0.2],
      ['only the baseline has it', 0],
    ]);
    const test = pairedTest(subject, baseline);
    expect(test).to.deep.include({ pairs: 4, wins: 2, ties: 1, losses: 1, p: 1 });
    expect(test.meanDifference).to.be.closeTo((0.5 - 1e-12 - 0.3 + 0.5) / 4, 1e-12);
    expect(pairedTest(new Map(), baseline)).to.deep.equal({ pairs: 0, wins: 0, ties: 0, losses: 0, meanDifference: 0, p: 1 });
  });
});
