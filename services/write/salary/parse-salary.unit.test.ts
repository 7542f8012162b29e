import { expect } from 'chai';
import labelsFile from './real-salary-labels.json';
import { parseSalary, type StructuredSalary } from './parse-salary';
import { annualise } from '../../../shared/jobs/salary-periods';

interface Label {
  text: string;
  expected: StructuredSalary | null;
}

/** A reading is right when it has the label's bounds (to the cent), currency and period, or both say "no salary". */
function agrees(got: StructuredSalary | undefined, expected: StructuredSalary | null): boolean {
  if (!got || !expected) return !got && !expected;
  const same = (a?: number, b?: number) => (a === undefined ? b === undefined : b !== undefined && Math.abs(a - b) < 0.005);
  return same(got.min, expected.min) && same(got.max, expected.max) && got.currency === expected.currency && got.period === expected.period;
}

describe('parseSalary', () => {
  const read = (text: string, defaultCurrency?: string) => parseSalary(text, { defaultCurrency });

  it('reads ranges, single figures, bounds and periods', () => {
    expect(read('£25,655 to £31,534 a year')).to.deep.equal({ min: 25655, max: 31534, currency: 'GBP', period: 'year' });
    expect(read('$45/hr')).to.deep.equal({ min: 45, max: 45, currency: 'USD', period: 'hour' });
    expect(read('Up to £32,000 per annum DOE')).to.deep.equal({ max: 32000, currency: 'GBP', period: 'year' });
    expect(read('Starting salary from£38,890 per annum')).to.deep.equal({ min: 38890, currency: 'GBP', period: 'year' });
    expect(read('£155.63 per week for 12 months')).to.deep.equal({ min: 155.63, max: 155.63, currency: 'GBP', period: 'week' });
    expect(read('€4.500 - €5.200 monatlich per month')).to.deep.equal({ min: 4500, max: 5200, currency: 'EUR', period: 'month' });
    expect(read('USD 120k-150k')).to.deep.equal({ min: 120_000, max: 150_000, currency: 'USD', period: 'year' });
    expect(read('£450 per day')).to.deep.equal({ min: 450, max: 450, currency: 'GBP', period: 'day' });
    expect(read('Up to £29.191.50', 'GBP')).to.deep.equal({ max: 29191.5, currency: 'GBP', period: 'year' });
    expect(read('27.000 - 32.000', 'EUR')).to.deep.equal({ min: 27000, max: 32000, currency: 'EUR', period: 'year' });
    expect(read('£10.500')).to.deep.equal({ min: 10.5, max: 10.5, currency: 'GBP', period: 'hour' });
  });

  it('keeps bonuses, percentages, grades and a second rate of another period out', () => {
    expect(read('£15.65 P/H / £36,461.50 P/A')).to.deep.equal({ min: 15.65, max: 15.65, currency: 'GBP', period: 'hour' });
    expect(read('£34,700 &amp; £3000 Welcome Bonus')).to.deep.equal({ min: 34700, max: 34700, currency: 'GBP', period: 'year' });
    expect(read('£17,434 pa (70% of band 5)')).to.deep.equal({ min: 17434, max: 17434, currency: 'GBP', period: 'year' });
    expect(read('£32,478 - £51,069 ST1-3')).to.deep.equal({ min: 32478, max: 51069, currency: 'GBP', period: 'year' });
    expect(read('£8.80 +12.1% Annual Leave')).to.deep.equal({ min: 8.8, max: 8.8, currency: 'GBP', period: 'hour' });
  });

  it('says nothing where the text states no pay, or no currency can be told', () => {
    for (const text of ['Competitive', 'Band 6', 'Negotiable', 'TBC', '0', '£10,000 per session annually'])
      expect(read(text, 'GBP'), text).to.equal(undefined);
    expect(read('45,000 - 52,000')).to.equal(undefined);
    expect(read('45,000 - 52,000', 'EUR')).to.deep.equal({ min: 45000, max: 52000, currency: 'EUR', period: 'year' });
  });

  it('annualises by a working year of 2 080 hours', () => {
    expect(annualise(20, 'hour')).to.equal(41_600);
    expect(annualise(3000, 'month')).to.equal(36_000);
  });

  /** The share of labels the parser reads right, printed with what it gets wrong. */
  function score(name: string, labels: Label[]): number {
    const wrong = labels.filter((l) => !agrees(read(l.text, labelsFile.defaultCurrency), l.expected));
    const share = (labels.length - wrong.length) / labels.length;
    // Printed, so a change to the parser shows its score and what it gets wrong.
    console.log(`      salary parser, ${name}: ${(share * 100).toFixed(1)} % right (${labels.length - wrong.length}/${labels.length})`);
    for (const l of wrong)
      console.log(
        `        wrong: ${JSON.stringify(l.text)} -> ${JSON.stringify(read(l.text, labelsFile.defaultCurrency) ?? null)}, labelled ${JSON.stringify(l.expected)}`,
      );
    return share;
  }

  it('is right on at least 95 % of 200 real salary texts labelled by hand', () => {
    const labels = labelsFile.labels as Label[];
    expect(labels).to.have.length(200);
    expect(score('200 labelled while it was written', labels)).to.be.at.least(0.95);
  });

  it('is right on at least 95 % of 100 more, labelled after it was written', () => {
    const labels = labelsFile.blind as Label[];
    expect(labels).to.have.length(100);
    expect(score('100 labelled after', labels)).to.be.at.least(0.95);
  });
});
