import { expect } from 'chai';
import { createRandom } from './random';
import { describeSalary, type SalaryInput } from './salary';

const base: SalaryInput = { band: [100_000, 140_000], level: 'mid', type: 'full_time', country: 'US', equity: false };
const salary = (input: Partial<SalaryInput>) => describeSalary(createRandom(1), { ...base, ...input });

describe('seed salary strings', () => {
  it('shows a yearly range in the local currency for employees', () => {
    expect(salary({})).to.match(/^\$\d{2,3},\d{3} - \$\d{3},\d{3}$/);
    expect(salary({ country: 'DE' })).to.match(/^€\d{2,3},\d{3} - €\d{2,3},\d{3}$/);
    expect(salary({ country: 'GB', equity: true })).to.match(/^£[\d,]+ - £[\d,]+ \+ equity$/);
  });

  it('scales with the level', () => {
    const low = (s: string) => Number(s.split(' - ')[0].replace(/[^\d]/g, ''));
    expect(low(salary({ level: 'lead' }))).to.be.above(low(salary({ level: 'junior' })));
  });

  it('shows day rates for contracts, hourly rates for part-time, a stipend for interns, nothing for volunteers', () => {
    expect(salary({ type: 'contract' })).to.match(/^\$[\d,]+ - \$[\d,]+ per day$/);
    expect(salary({ type: 'freelance' })).to.match(/ per day$/);
    expect(salary({ type: 'part_time' })).to.match(/^\$\d+ - \$\d+ per hour$/);
    expect(salary({ type: 'internship', level: 'entry' })).to.match(/^\$[\d,]+ per month$/);
    expect(salary({ type: 'volunteer' })).to.equal('Unpaid (expenses covered)');
  });

  it('stays within the 100 characters a salary may have, even in the widest currency', () => {
    expect(salary({ country: 'SE', level: 'lead', equity: true }).length).to.be.at.most(100);
  });
});
