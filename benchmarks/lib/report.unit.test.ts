import { expect } from 'chai';
import { formatColumns, formatNumber, formatTable, roundedComparison, type Comparison } from './report';

const latency: Comparison = {
  benchmark: 'read-latency',
  case: 'get',
  subject: { label: 'read service, HTTP', unit: 'ms', figures: { median: 1.5, p90: 2.25 } },
  baseline: { label: 'same ES query, client', unit: 'ms', figures: { median: 1, p90: 1.5 } },
  ratios: { median: 1.5, p90: 1.5 },
  pairedDifference: 0.456,
};

describe('benchmark report', () => {
  it('prints latencies with two decimals and rates as whole numbers', () => {
    expect(formatNumber(1.5)).to.equal('1.50');
    expect(formatNumber(12345.6)).to.equal('12,346');
  });

  it('pads columns to the widest cell', () => {
    expect(
      formatColumns([
        ['a', 'bb', 'c'],
        ['ccc', 'd', 'e'],
      ]),
    ).to.equal('a    bb  c\nccc  d   e');
  });

  it('prints one row per comparison, the benchmark and case only where they change, and the notes', () => {
    const gateway: Comparison = { ...latency, subject: { ...latency.subject, label: 'gateway' }, note: 'a note' };
    const lines = formatTable([latency, gateway]).split('\n');
    expect(lines[1]).to.match(
      /^read-latency\s+get\s+read service, HTTP\s+median 1\.50\s+p90 2\.25 ms\s+same ES query, client\s+median 1\.00\s+p90 1\.50 ms\s+1\.50\s+p90 1\.50\s+Δ \+0\.46 ms$/,
    );
    expect(lines[2]).to.match(/^\s+gateway\s+/);
    expect(lines.slice(3)).to.deep.equal(['', 'notes:', '  read-latency / get: a note']);
  });

  it('rounds every number for JSON', () => {
    expect(roundedComparison({ ...latency, ratios: { median: 1.23456 }, details: { rate: 1234.5 } })).to.deep.include({
      ratios: { median: 1.23 },
      pairedDifference: 0.46,
      details: { rate: 1235 },
    });
  });
});
