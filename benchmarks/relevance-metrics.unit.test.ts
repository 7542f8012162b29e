import { expect } from 'chai';
import { ndcgAt10, precisionAt10, reciprocalRank, scoreSystem, scoreQuery, unjudged } from './relevance-metrics';

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
});
