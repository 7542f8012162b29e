import { expect } from 'chai';
import { median, medianPairedDifference, percentile, round, summarize, timeRatio } from './stats';

describe('benchmark statistics', () => {
  it('takes percentiles by nearest rank', () => {
    const sorted = Array.from({ length: 10 }, (_, i) => i + 1);
    expect(percentile(sorted, 0.9)).to.equal(9);
    expect(percentile(sorted, 0.99)).to.equal(10);
    expect(percentile(sorted, 0.01)).to.equal(1);
    expect(percentile([7], 0.5)).to.equal(7);
  });

  it('takes the median of odd and even counts, in any order', () => {
    expect(median([3, 1, 2])).to.equal(2);
    expect(median([4, 1, 3, 2])).to.equal(2.5);
    expect(() => median([])).to.throw('median of no values');
  });

  it('summarizes durations', () => {
    expect(summarize([5, 1, 4, 2, 3])).to.deep.equal({ n: 5, median: 3, p90: 5, p99: 5, worst: 5, mean: 3 });
  });

  it('reads every ratio as subject time over baseline time, rates included', () => {
    expect(timeRatio(3, 2)).to.equal(1.5);
    // 1000 jobs/s against a raw 4000 jobs/s takes four times as long.
    expect(timeRatio(1000, 4000, { rate: true })).to.equal(4);
    expect(timeRatio(0, 2)).to.be.NaN;
  });

  it('takes the median of pairwise differences of an interleaved run', () => {
    expect(medianPairedDifference([10, 12, 30], [9, 10, 10])).to.equal(2);
  });

  it('rounds to two decimals below 100 and to whole numbers above', () => {
    expect(round(1.23456)).to.equal(1.23);
    expect(round(1234.56)).to.equal(1235);
  });
});
