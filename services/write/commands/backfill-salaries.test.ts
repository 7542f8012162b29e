import { expect } from 'chai';
import { resetDatabase, testDb } from '../../../test/support/context';
import { createJob, createLocation, createOrganization } from '../../../test/support/factories';
import { backfillStructuredSalaries } from './backfill-salaries';

describe('backfillStructuredSalaries', () => {
  it('fills the jobs written without a structured salary from their text, with an outbox row each, and leaves the rest', async () => {
    await resetDatabase();
    const org = await createOrganization();
    const uk = await createLocation({ country_code: 'GB' });
    const a = await createJob({ organization_id: org.id, location_id: uk.id, salary: '24,907 - 30,615 per annum' });
    const b = await createJob({ organization_id: org.id, location_id: uk.id, salary: 'Competitive' });
    const c = await createJob({ organization_id: org.id, location_id: uk.id, salary: '$50/hr' });
    await testDb().query(`UPDATE jobs SET salary_min = 1, salary_currency = 'EUR', salary_period = 'year' WHERE id = $1`, [c.id]);
    expect(await backfillStructuredSalaries(testDb(), 1)).to.deep.equal({ examined: 2, filled: 1 });
    const rows = await testDb().query(
      `SELECT id, salary_min::float8 AS min, salary_max::float8 AS max, salary_currency, salary_period, version FROM jobs ORDER BY salary`,
    );
    expect(rows).to.deep.include.members([
      { id: a.id, min: 24907, max: 30615, salary_currency: 'GBP', salary_period: 'year', version: '2' },
      { id: b.id, min: null, max: null, salary_currency: null, salary_period: null, version: '1' },
      { id: c.id, min: 1, max: null, salary_currency: 'EUR', salary_period: 'year', version: '1' },
    ]);
    expect(await testDb().query('SELECT job_id, job_version FROM job_index_outbox')).to.deep.equal([{ job_id: a.id, job_version: '2' }]);
    expect(await backfillStructuredSalaries(testDb())).to.deep.equal({ examined: 1, filled: 0 });
  });
});
