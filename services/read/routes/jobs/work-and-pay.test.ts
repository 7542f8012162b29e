import { expect } from 'chai';
import { resetDatabase, resetIndex } from '../../../../test/support/context';
import { createLocation } from '../../../../test/support/factories';
import { postJob, readApp, recruiterWorld, type RecruiterWorld } from '../../../../test/support/manage-fixtures';

type Page = {
  body: { jobs: { title: string }[]; pagination: { next_cursor?: string }; facets?: Record<string, { value: string; count: number }[]> };
};
const titles = (res: Page) => res.body.jobs.map((j) => j.title);
const browse = (query: Record<string, string | number>) => readApp().get('/agents/jobs').query(query);
const search = (query: Record<string, string | number>) =>
  readApp()
    .get('/agents/jobs/search')
    .query({ q: 'nurse', ...query });

describe('remote work and pay: filters, facets and sorting (browse and search)', () => {
  let world: RecruiterWorld;

  before(async () => {
    await resetDatabase();
    await resetIndex();
    world = await recruiterWorld();
    const hybrid = await createLocation({ name: 'Leeds (hybrid)', workplace_type: 'hybrid', country_code: 'GB' });
    // Created in this order, so newest first is E, D, C, B, A.
    await postJob(world, { title: 'Nurse A', salary: '£31,365 - £37,890 per annum' });
    await postJob(world, { title: 'Nurse B', salary: '€60,000 - €80,000 a year', location_id: world.remote.id });
    await postJob(world, { title: 'Nurse C', salary: '£20 per hour' });
    await postJob(world, { title: 'Nurse D', salary: 'Competitive', location_id: hybrid.id });
    await postJob(world, { title: 'Nurse E', salary: 'Up to £45,000' });
  });

  it('remote=true lists the remote jobs, remote=false the others', async () => {
    expect(titles(await browse({ remote: 'true' }))).to.deep.equal(['Nurse B']);
    expect(titles(await browse({ remote: 'false' }))).to.deep.equal(['Nurse E', 'Nurse D', 'Nurse C', 'Nurse A']);
    expect(titles(await search({ remote: 'true' }))).to.deep.equal(['Nurse B']);
  });

  it('workplace_types matches any of its values, and its facet counts every value with the other filters applied', async () => {
    const res = await browse({ workplace_types: 'remote, HYBRID', facets: 'workplace_types' });
    expect(titles(res)).to.deep.equal(['Nurse D', 'Nurse B']);
    expect(res.body.facets).to.deep.equal({
      workplace_types: [
        { value: 'onsite', count: 3 },
        { value: 'hybrid', count: 1 },
        { value: 'remote', count: 1 },
      ],
    });
    const narrowed = await search({ workplace_types: 'onsite', remote: 'false', facets: 'all' });
    expect(titles(narrowed).sort()).to.deep.equal(['Nurse A', 'Nurse C', 'Nurse E']);
    expect(narrowed.body.facets!.workplace_types).to.deep.equal([
      { value: 'onsite', count: 3 },
      { value: 'hybrid', count: 1 },
    ]);
  });

  it('salary_min keeps the jobs whose annualised upper bound reaches it, in the currency asked for', async () => {
    // £20 an hour is £41,600 a year; "up to £45,000" reaches 45 000; £37,890 does not reach 40 000.
    expect(titles(await browse({ salary_min: 40000, currency: 'gbp' }))).to.deep.equal(['Nurse E', 'Nurse C']);
    expect(titles(await search({ salary_min: 40000, currency: 'GBP' })).sort()).to.deep.equal(['Nurse C', 'Nurse E']);
    expect(titles(await browse({ currency: 'EUR' }))).to.deep.equal(['Nurse B']);
    expect(titles(await browse({ salary_min: 90000, currency: 'EUR' }))).to.deep.equal([]);
  });

  it('sort=salary puts the best paid first, and its cursors walk that order', async () => {
    expect(titles(await browse({ sort: 'salary', currency: 'GBP' }))).to.deep.equal(['Nurse E', 'Nurse C', 'Nurse A']);
    expect(titles(await search({ sort: 'salary', currency: 'GBP' }))).to.deep.equal(['Nurse E', 'Nurse C', 'Nurse A']);
    const walked: string[] = [];
    let cursor: string | undefined;
    do {
      const res = await browse({ sort: 'salary', currency: 'GBP', limit: 1, ...(cursor ? { cursor } : {}) });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      walked.push(...titles(res));
      cursor = res.body.pagination.next_cursor;
    } while (cursor);
    expect(walked).to.deep.equal(['Nurse E', 'Nurse C', 'Nurse A']);
  });

  it('search sort=newest orders by creation, and relevance stays the default', async () => {
    expect(titles(await search({ sort: 'newest' }))).to.deep.equal(['Nurse E', 'Nurse D', 'Nurse C', 'Nurse B', 'Nurse A']);
    const next = (await search({ sort: 'newest', limit: 2 })).body.pagination.next_cursor!;
    expect(titles(await search({ sort: 'newest', limit: 2, cursor: next }))).to.deep.equal(['Nurse C', 'Nurse B']);
    // A cursor of one order is refused for another.
    const other = await search({ sort: 'relevance', limit: 2, cursor: next });
    expect(other.status).to.equal(400);
    expect(other.body.details.map((d: { field: string }) => d.field)).to.deep.equal(['cursor']);
    const gbpCursor = (await browse({ sort: 'salary', currency: 'GBP', limit: 1 })).body.pagination.next_cursor!;
    const otherSort = await browse({ sort: 'salary', currency: 'EUR', cursor: gbpCursor });
    expect(otherSort.body.details).to.deep.equal([{ field: 'cursor', message: 'belongs to a request with other q or filters' }]);
  });

  it('400 with a hint: salary_min or sort=salary without currency, bad values, relevance on browse', async () => {
    const noCurrency = await browse({ salary_min: 40000 });
    expect(noCurrency.status).to.equal(400);
    expect(noCurrency.body.details).to.deep.equal([
      { field: 'salary_min', message: 'salary_min needs currency (e.g. currency=GBP): pay is compared in one currency, never converted' },
    ]);
    const sortNoCurrency = await search({ sort: 'salary' });
    expect(sortNoCurrency.body.details).to.deep.equal([
      { field: 'sort', message: 'sort=salary needs currency (e.g. currency=GBP): pay is compared in one currency, never converted' },
    ]);
    const bad: Record<string, string | number>[] = [
      { remote: 'maybe' },
      { workplace_types: 'moon' },
      { currency: 'pounds' },
      { salary_min: -1 },
      { sort: 'relevance' },
    ];
    for (const query of bad) {
      const res = await browse(query);
      expect(res.status, JSON.stringify(query)).to.equal(400);
      expect(res.body.code).to.equal('invalid_request');
      expect(res.body.hint, JSON.stringify(query)).to.be.a('string');
    }
  });

  it('shows the structured salary and the workplace on each job', async () => {
    const [job] = (await browse({ remote: 'true' })).body.jobs;
    expect(job).to.include({
      salary: '€60,000 - €80,000 a year',
      salary_min: 60000,
      salary_max: 80000,
      salary_currency: 'EUR',
      salary_period: 'year',
      workplace_type: 'remote',
      is_remote: true,
    });
  });
});
