import { expect } from 'chai';
import { formatDuration, renderProgress } from './progress-bar';

describe('progress bar', () => {
  it('draws the bar, percentage, counts, rate and time left', () => {
    expect(renderProgress(50_000, 100_000, 20_000, 20)).to.equal('[##########----------]  50% 50,000/100,000  2,500/s  ETA 20s');
  });

  it('appends a suffix and never overfills', () => {
    expect(renderProgress(12, 10, 1000, 10, 'rejected 2')).to.equal('[##########] 100% 12/10  12/s  ETA 0s  rejected 2');
  });

  it('shows an empty total as done and an unknown rate as ?', () => {
    expect(renderProgress(0, 0, 0, 4)).to.equal('[####] 100% 0/0  0/s  ETA ?');
  });

  it('formats durations in minutes and seconds', () => {
    expect([formatDuration(5), formatDuration(65), formatDuration(3600), formatDuration(Infinity)]).to.deep.equal(['5s', '1m 05s', '60m 00s', '?']);
  });
});
