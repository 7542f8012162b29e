import { expect } from 'chai';
import { presentJob, todayUtc, type JobDocument } from '../../../../shared/jobs/job-document';
import { activeCatalogNewestFirst, CATALOG, LOCATIONS, ORGS, PROJECTS } from '../../../../test/fixtures/catalog-jobs';
import { expectedFacets } from '../../../../test/fixtures/expected-facets';
import { indexFreshJobs, jobDocument } from '../../../../test/fixtures/job-documents';
import { readClient } from '../../../../test/fixtures/read-client';
import { testConfig, testSearch } from '../../../../test/support/context';
import { bulkIndexJobs } from '../../../indexer';

const ids = (res: { body: { jobs: { id: string }[] } }) => res.body.jobs.map((job) => job.id);
/** The active catalog jobs that pass `keep`, in browse order: what browse must answer. */
const expected = (keep: (doc: JobDocument) => boolean = () => true) =>
  activeCatalogNewestFirst()
    .filter(keep)
    .map((doc) => doc.id);
const lower = (values: readonly string[]) => values.map((v) => v.toLowerCase());
const NO_FACETS = { job_types: [], location_ids: [], organization_ids: [], experiences: [], skills: [], workplace_types: [] };
/** The pagination object with next_cursor reduced to whether there is one (its text is opaque). */
const paging = (res: { body: { pagination: Record<string, unknown> } }) => {
  const { next_cursor: next, ...rest } = res.body.pagination;
  return { ...rest, has_next: typeof next === 'string' };
};

/** Every value a 400 of the browse parameters names as known. */
const KNOWN =
  'organization_id, location_id, job_type, experience, hashtags, project_id, remote, workplace_types, salary_min, currency, sort, updated_since, page, limit, cursor, facets, fields, snippet';
const invalid = (message: string, details: { field: string; message: string }[], hint = 'Fix the parameters named in details.') => ({
  code: 'invalid_request',
  message,
  hint,
  details,
});

describe('GET /agents/jobs (browse)', () => {
  const client = readClient();
  const browse = (query: string) => client.get(`/agents/jobs${query}`);

  before(async () => {
    await indexFreshJobs(CATALOG);
  });

  it('lists the first 10 active jobs, newest first, with the pagination of all of them', async () => {
    const res = await browse('');
    const all = expected();
    expect(res.status).to.equal(200);
    expect(ids(res)).to.deep.equal(all.slice(0, 10));
    expect(paging(res)).to.deep.equal({
      current_page: 1,
      total_pages: Math.ceil(all.length / 10),
      total_items: all.length,
      total_relation: 'eq',
      has_next: true,
    });
    expect(res.body, 'facets are counted only when asked for').not.to.have.property('facets');
  });

  it('shows each job as the Job object, without internal fields', async () => {
    const res = await browse('?limit=100');
    const byId = new Map(CATALOG.map((doc) => [doc.id, doc]));
    expect(res.body.jobs).to.deep.equal(ids(res).map((id) => presentJob(byId.get(id)!)));
    expect(res.body.jobs[0]).not.to.have.property('created_by');
  });

  it('leaves out inactive jobs and jobs closed before today, keeps those closing today or later', async () => {
    const listed = new Set(ids(await browse('?limit=100')));
    for (const doc of CATALOG) {
      const open = doc.is_active && (doc.closing_date === null || doc.closing_date >= todayUtc());
      expect(listed.has(doc.id), `${doc.id} closing ${doc.closing_date}, flag ${doc.is_active}`).to.equal(open);
    }
    expect(CATALOG.some((doc) => doc.closing_date === todayUtc() && listed.has(doc.id))).to.equal(true);
  });

  it('breaks ties of creation time by id', async () => {
    const all = ids(await browse('?limit=100'));
    const tied = activeCatalogNewestFirst().filter((doc, _, docs) => docs.some((o) => o !== doc && o.created_at === doc.created_at));
    expect(tied.length).to.be.greaterThan(1);
    for (let i = 1; i < tied.length; i++) {
      if (tied[i].created_at === tied[i - 1].created_at) expect(all.indexOf(tied[i - 1].id)).to.equal(all.indexOf(tied[i].id) - 1);
    }
    expect(all).to.deep.equal(expected());
  });

  describe('each filter alone', () => {
    const cases: [string, string, (doc: JobDocument) => boolean][] = [
      ['organization_id', ORGS[1].id, (d) => d.organization_id === ORGS[1].id],
      ['organization_id (in capitals)', ORGS[1].id.toUpperCase(), (d) => d.organization_id === ORGS[1].id],
      ['location_id', LOCATIONS[2].id, (d) => d.location_id === LOCATIONS[2].id],
      ['job_type', 'part_time', (d) => d.type === 'part_time'],
      ['experience (any case)', 'SENIOR', (d) => d.experience?.toLowerCase() === 'senior'],
      ['hashtags (any of them, "#" ignored, any case)', '#REMOTE, visa', (d) => lower(d.tags).some((t) => t === 'remote' || t === 'visa')],
      ['project_id', PROJECTS[0], (d) => d.project_id === PROJECTS[0]],
    ];
    for (const [name, value, keep] of cases) {
      it(name, async () => {
        const param = name.split(' ')[0];
        const res = await browse(`?${param}=${encodeURIComponent(value)}&limit=100`);
        expect(res.status).to.equal(200);
        const want = expected(keep);
        expect(want.length, 'the fixture has matching jobs').to.be.greaterThan(0);
        expect(ids(res)).to.deep.equal(want);
        expect(res.body.pagination.total_items).to.equal(want.length);
      });
    }
  });

  it('combines every filter with AND', async () => {
    const query = `?organization_id=${ORGS[0].id}&job_type=full_time&hashtags=remote,startup&limit=100`;
    const want = expected(
      (d) => d.organization_id === ORGS[0].id && d.type === 'full_time' && lower(d.tags).some((t) => t === 'remote' || t === 'startup'),
    );
    expect(want.length).to.be.greaterThan(0);
    expect(ids(await browse(query))).to.deep.equal(want);

    const all = `?organization_id=${ORGS[0].id}&location_id=${LOCATIONS[0].id}&job_type=full_time&experience=senior&hashtags=remote&project_id=${PROJECTS[0]}`;
    const keepAll = (d: JobDocument) =>
      d.organization_id === ORGS[0].id &&
      d.location_id === LOCATIONS[0].id &&
      d.type === 'full_time' &&
      d.experience?.toLowerCase() === 'senior' &&
      lower(d.tags).includes('remote') &&
      d.project_id === PROJECTS[0];
    expect(ids(await browse(all))).to.deep.equal(expected(keepAll));
  });

  it('answers 200 with no jobs and zero pages when nothing matches, the facets still counting the other values', async () => {
    const res = await browse('?job_type=volunteer&facets=all');
    expect(res.status).to.equal(200);
    expect(res.body.jobs).to.deep.equal([]);
    expect(res.body.pagination).to.deep.equal({ current_page: 1, total_pages: 0, total_items: 0, total_relation: 'eq' });
    expect(res.body.facets).to.deep.equal(expectedFacets(activeCatalogNewestFirst(), { job_types: ['volunteer'] }));
    expect(res.body.facets.job_types).to.deep.include({ value: 'volunteer', count: 0 });

    const none = await browse('?hashtags=no-such-tag&facets=all');
    expect(none.body).to.deep.equal({
      jobs: [],
      pagination: { current_page: 1, total_pages: 0, total_items: 0, total_relation: 'eq' },
      facets: NO_FACETS,
    });
  });

  it('treats blank experience and hashtags as no filter', async () => {
    expect(ids(await browse('?experience=%20&hashtags=,%23,&limit=100'))).to.deep.equal(expected());
  });

  describe('facets (as in search, counted here from the fixture)', () => {
    it('counts every active job without filters, with labels for locations and organizations', async () => {
      const res = await browse('?facets=all');
      expect(res.body.facets).to.deep.equal(expectedFacets(activeCatalogNewestFirst(), {}));
      expect(res.body.facets.organization_ids.map((v: { label: string }) => v.label).sort()).to.deep.equal(ORGS.map((o) => o.name).sort());
    });

    it('leaves each facet uncounted by its own filter, and counted by every other (disjunctive facets)', async () => {
      const selection = {
        organization_ids: [ORGS[0].id],
        location_ids: [LOCATIONS[1].id],
        job_types: ['full_time'],
        experiences: ['senior'],
      };
      const res = await browse(
        `?organization_id=${ORGS[0].id}&location_id=${LOCATIONS[1].id}&job_type=full_time&experience=Senior&limit=100&facets=all`,
      );
      const facets = expectedFacets(activeCatalogNewestFirst(), selection);
      expect(res.body.facets).to.deep.equal(facets);
      // What makes them disjunctive: the job_types facet lists types the job_type filter leaves out.
      expect(facets.job_types!.filter((v) => v.value !== 'full_time' && v.count > 0)).not.to.have.length(0);
      // And the hits still honour every filter.
      const keep = (d: JobDocument) =>
        d.organization_id === ORGS[0].id &&
        d.location_id === LOCATIONS[1].id &&
        d.type === 'full_time' &&
        d.experience?.toLowerCase() === 'senior';
      expect(ids(res)).to.deep.equal(expected(keep));
    });

    it('narrows every facet by hashtags and project_id, which have no facet', async () => {
      const keep = (d: JobDocument) => d.project_id === PROJECTS[0] && lower(d.tags).includes('visa');
      const res = await browse(`?project_id=${PROJECTS[0]}&hashtags=%23Visa&job_type=contract&facets=all`);
      const facets = expectedFacets(activeCatalogNewestFirst().filter(keep), { job_types: ['contract'] });
      expect(res.body.facets).to.deep.equal(facets);
      expect(
        facets.job_types!.reduce((n, v) => n + v.count, 0),
        'the fixture has such jobs',
      ).to.be.greaterThan(0);
    });

    it('lists a selected organization with its label even when no job of the other filters has it', async () => {
      const res = await browse(`?organization_id=${ORGS[2].id}&hashtags=no-such-tag&facets=organization_ids`);
      expect(res.body.facets).to.deep.equal({ organization_ids: [{ value: ORGS[2].id, label: ORGS[2].name, count: 0 }] });
    });

    it('counts only the facets named, and still applies each facet filter to the hits', async () => {
      const res = await browse('?job_type=contract&facets=job_types,%20experiences&limit=100');
      expect(res.body.facets).to.deep.equal({
        job_types: expectedFacets(activeCatalogNewestFirst(), { job_types: ['contract'] }).job_types,
        experiences: expectedFacets(activeCatalogNewestFirst(), { job_types: ['contract'] }).experiences,
      });
      expect(ids(res)).to.deep.equal(expected((d) => d.type === 'contract'));
    });
  });

  describe('pagination', () => {
    const total = () => expected().length;

    it('pages with limit 1', async () => {
      const res = await browse('?limit=1&page=2');
      expect(ids(res)).to.deep.equal(expected().slice(1, 2));
      expect(paging(res)).to.deep.equal({
        current_page: 2,
        total_pages: total(),
        total_items: total(),
        total_relation: 'eq',
        has_next: true,
      });
    });

    it('gives everything on one page with limit 100', async () => {
      const res = await browse('?limit=100');
      expect(ids(res)).to.deep.equal(expected());
      expect(res.body.pagination).to.deep.equal({ current_page: 1, total_pages: 1, total_items: total(), total_relation: 'eq' });
    });

    it('answers the last, partial page', async () => {
      const pages = Math.ceil(total() / 7);
      const res = await browse(`?limit=7&page=${pages}`);
      expect(ids(res)).to.deep.equal(expected().slice((pages - 1) * 7));
      expect(res.body.jobs.length).to.be.within(1, 6);
      expect(res.body.pagination).to.deep.equal({ current_page: pages, total_pages: pages, total_items: total(), total_relation: 'eq' });
    });

    it('answers an empty page past the end with the true pagination', async () => {
      const res = await browse('?limit=10&page=50&facets=all');
      expect(res.status).to.equal(200);
      expect(res.body.jobs).to.deep.equal([]);
      expect(res.body.pagination).to.deep.equal({
        current_page: 50,
        total_pages: Math.ceil(total() / 10),
        total_items: total(),
        total_relation: 'eq',
      });
      expect(res.body.facets).to.deep.equal(expectedFacets(activeCatalogNewestFirst(), {}));
    });

    it('pages through every job exactly once', async () => {
      const seen: string[] = [];
      for (let page = 1; page <= Math.ceil(total() / 4); page++) seen.push(...ids(await browse(`?limit=4&page=${page}`)));
      expect(seen).to.deep.equal(expected());
    });

    it('reaches page * limit = 10000, and refuses one result further with a hint to narrow the query', async () => {
      expect((await browse('?page=100&limit=100')).status).to.equal(200);
      const res = await browse('?page=10001&limit=1');
      expect(res.status).to.equal(400);
      expect(res.body).to.deep.equal(
        invalid(
          'page * limit must be at most 10000 (got 10001 * 1 = 10001).',
          [{ field: 'page', message: 'page * limit must be at most 10000' }],
          'Numbered pages reach the first 10000 results; to go further, follow pagination.next_cursor from page to page (pass it as cursor), or narrow the query with filters.',
        ),
      );
    });
  });

  describe('cursor paging', () => {
    it('follows next_cursor through every job exactly once, in browse order, and stops at the last page', async () => {
      const seen: string[] = [];
      let res = await browse('?limit=3');
      seen.push(...ids(res));
      let pages = 1;
      while (res.body.pagination.next_cursor) {
        res = await browse(`?limit=3&cursor=${res.body.pagination.next_cursor}`);
        expect(res.status).to.equal(200);
        pages += 1;
        expect(res.body.pagination.current_page).to.equal(pages);
        expect(res.body.pagination.total_items).to.equal(expected().length);
        seen.push(...ids(res));
      }
      expect(seen).to.deep.equal(expected());
      expect(pages).to.equal(Math.ceil(expected().length / 3));
    });

    it('continues a numbered page, with filters, at another limit', async () => {
      const want = expected((d) => d.type === 'full_time');
      const page2 = await browse('?job_type=full_time&limit=2&page=2');
      const next = await browse(`?job_type=full_time&limit=5&cursor=${page2.body.pagination.next_cursor}`);
      expect(ids(next)).to.deep.equal(want.slice(4, 9));
    });

    it('never skips or repeats a job that existed when paging began, though newer jobs arrive', async () => {
      const first = await browse('?limit=4');
      await bulkIndexJobs(
        testSearch(),
        testConfig().indexAlias,
        [{ doc: jobDocument({ created_at: new Date().toISOString() }), version: 1 }],
        { refresh: true },
      );
      const seen = [...ids(first)];
      let cursor = first.body.pagination.next_cursor;
      while (cursor) {
        const res = await browse(`?limit=4&cursor=${cursor}`);
        seen.push(...ids(res));
        cursor = res.body.pagination.next_cursor;
      }
      expect(seen).to.deep.equal(expected());
      await indexFreshJobs(CATALOG);
    });

    it('refuses a cursor of other filters, a malformed one, and one with page', async () => {
      const { next_cursor: cursor } = (await browse('?job_type=full_time&limit=2')).body.pagination;
      const other = await browse(`?job_type=contract&cursor=${cursor}`);
      expect(other.status).to.equal(400);
      expect(other.body).to.include({ code: 'invalid_request', message: 'The cursor was made for another query or other filters.' });
      expect((await browse('?cursor=not-a-cursor')).body.details).to.deep.equal([{ field: 'cursor', message: 'is malformed' }]);
      expect((await browse(`?job_type=full_time&page=2&cursor=${cursor}`)).body.details).to.deep.equal([
        { field: 'page', message: 'must be absent when cursor is given' },
      ]);
    });
  });

  describe('fields', () => {
    it('returns only the fields named, always with id', async () => {
      const res = await browse('?fields=title,is_active&limit=100');
      const byId = new Map(CATALOG.map((doc) => [doc.id, doc]));
      expect(res.body.jobs).to.deep.equal(ids(res).map((id) => ({ id, title: byId.get(id)!.title, is_active: true })));
    });

    it('refuses an unknown field, naming the known ones', async () => {
      const res = await browse('?fields=title,created_by');
      expect(res.status).to.equal(400);
      expect(res.body.details[0].message).to.match(/^"created_by" is not a Job field; known fields: id, title, /);
    });
  });

  describe('invalid parameters (400 invalid_request)', () => {
    const cases: [string, ReturnType<typeof invalid>][] = [
      [
        '?organisation_id=x',
        invalid(
          'Unknown query parameter "organisation_id".',
          [{ field: 'organisation_id', message: 'is not a known parameter' }],
          `Did you mean "organization_id"? Known parameters: ${KNOWN}.`,
        ),
      ],
      [
        '?job_types=contract',
        invalid(
          'Unknown query parameter "job_types".',
          [{ field: 'job_types', message: 'is not a known parameter' }],
          `Did you mean "job_type"? Known parameters: ${KNOWN}.`,
        ),
      ],
      [
        '?page=1&page=2',
        invalid(
          'Query parameter "page" is given more than once.',
          [{ field: 'page', message: 'is given more than once' }],
          'Give it once; list several values separated by commas.',
        ),
      ],
      [
        '?job_type=permanent',
        invalid('Invalid query parameter: job_type must be one of: full_time, part_time, contract, internship, freelance, volunteer.', [
          { field: 'job_type', message: 'must be one of: full_time, part_time, contract, internship, freelance, volunteer' },
        ]),
      ],
      [
        '?organization_id=acme',
        invalid('Invalid query parameter: organization_id must match format "uuid".', [
          { field: 'organization_id', message: 'must match format "uuid"' },
        ]),
      ],
      [
        '?location_id=',
        invalid('Invalid query parameter: location_id must match format "uuid".', [
          { field: 'location_id', message: 'must match format "uuid"' },
        ]),
      ],
      [
        '?project_id=42',
        invalid('Invalid query parameter: project_id must match format "uuid".', [
          { field: 'project_id', message: 'must match format "uuid"' },
        ]),
      ],
      ['?page=0', invalid('Invalid query parameter: page must be >= 1.', [{ field: 'page', message: 'must be >= 1' }])],
      ['?page=two', invalid('Invalid query parameter: page must be an integer.', [{ field: 'page', message: 'must be an integer' }])],
      ['?page=0x10', invalid('Invalid query parameter: page must be an integer.', [{ field: 'page', message: 'must be an integer' }])],
      ['?limit=1e1', invalid('Invalid query parameter: limit must be an integer.', [{ field: 'limit', message: 'must be an integer' }])],
      ['?limit=0', invalid('Invalid query parameter: limit must be >= 1.', [{ field: 'limit', message: 'must be >= 1' }])],
      ['?limit=101', invalid('Invalid query parameter: limit must be <= 100.', [{ field: 'limit', message: 'must be <= 100' }])],
      ['?limit=2.5', invalid('Invalid query parameter: limit must be an integer.', [{ field: 'limit', message: 'must be an integer' }])],
      ['?limit=', invalid('Invalid query parameter: limit must be an integer.', [{ field: 'limit', message: 'must be an integer' }])],
      [
        `?experience=${'x'.repeat(201)}`,
        invalid('Invalid query parameter: experience must be at most 200 characters.', [
          { field: 'experience', message: 'must be at most 200 characters' },
        ]),
      ],
      [
        `?hashtags=${Array.from({ length: 21 }, (_, i) => `t${i}`).join(',')}`,
        invalid('Invalid query parameter: hashtags must have at most 20 values (got 21).', [
          { field: 'hashtags', message: 'must have at most 20 values (got 21)' },
        ]),
      ],
      [
        '?page=0&limit=500',
        invalid('Invalid query parameters: page must be >= 1; limit must be <= 100.', [
          { field: 'page', message: 'must be >= 1' },
          { field: 'limit', message: 'must be <= 100' },
        ]),
      ],
    ];
    for (const [query, body] of cases) {
      it(query.length > 60 ? `${query.slice(0, 60)}…` : query, async () => {
        const res = await browse(query);
        expect(res.status).to.equal(400);
        expect(res.body).to.deep.equal(body);
      });
    }
  });
});
