import { expect } from 'chai';
import { isJobActive, type JobDocument } from '../../../../shared/jobs/job-document';
import { CATALOG, LOCATIONS, ORGS } from '../../../../test/fixtures/catalog-jobs';
import { expectedFacets, passes, type Selection } from '../../../../test/fixtures/expected-facets';
import { indexFreshJobs } from '../../../../test/fixtures/job-documents';
import { readClient } from '../../../../test/fixtures/read-client';
import { testSearch } from '../../../../test/support/context';

/** Active catalog jobs whose title says "engineer": what q=engineer matches (titles are the only place it appears). */
const ENGINEERS = CATALOG.filter((doc) => isJobActive(doc) && /engineer/i.test(doc.title));
const sorted = (ids: string[]) => [...ids].sort();
const idsOf = (docs: readonly JobDocument[]) => sorted(docs.map((d) => d.id));
const UNKNOWN_LOCATION = '00000000-0000-4000-8000-0000000bffff';

const KNOWN =
  'q, job_types, location_ids, experiences, skills, organization_ids, remote, workplace_types, salary_min, currency, sort, mode, exclude_ids, page, limit, cursor, facets, fields, snippet';
const invalid = (message: string, details: { field: string; message: string }[], hint = 'Fix the parameters named in details.') => ({
  code: 'invalid_request',
  message,
  hint,
  details,
});

/** The query string of a selection (values joined by commas). */
const queryOf = (selection: Selection) =>
  Object.entries(selection)
    .map(([name, values]) => `&${name}=${encodeURIComponent(values.join(','))}`)
    .join('');

describe('GET /agents/jobs/search', () => {
  const client = readClient();
  const search = (query: string) => client.get(`/agents/jobs/search${query}`);

  before(async () => {
    const index = await indexFreshJobs(CATALOG);
    // One segment, as the paging tests compare pages with one big page: equal scores come newest
    // first within a segment (the index sort), but in segment order across segments, and the big
    // page is put in BEST_MATCH_FIRST order as a whole (search-request.ts). A bulk indexed by
    // several threads may make two segments, and then a tie across a page boundary fails them.
    // Every page matches alike: the route's KnownWords gives the words of a query one typo policy
    // (known-words.ts), even when one request's look-up times out and the next one's does not.
    await testSearch().indices.forcemerge({ index, max_num_segments: 1 });
  });

  it('finds the active jobs matching the words, with the facets of all of them', async () => {
    const res = await search('?q=engineer&limit=100&facets=all');
    expect(res.status).to.equal(200);
    expect(sorted(res.body.jobs.map((j: { id: string }) => j.id))).to.deep.equal(idsOf(ENGINEERS));
    expect(res.body.pagination).to.deep.equal({ current_page: 1, total_pages: 1, total_items: ENGINEERS.length, total_relation: 'eq' });
    expect(res.body.facets).to.deep.equal(expectedFacets(ENGINEERS, {}));
    expect(res.body.facets.location_ids[0]).to.have.property('label');
  });

  it('counts no facets unless asked', async () => {
    const res = await search('?q=engineer');
    expect(res.body).to.have.keys('jobs', 'pagination');
  });

  it('stems the words: "Engineers" finds what "engineer" finds', async () => {
    const res = await search('?q=%20Engineers%20&limit=100');
    expect(res.body.pagination.total_items).to.equal(ENGINEERS.length);
  });

  it('answers no jobs, zero pages and empty facets when nothing matches', async () => {
    const res = await search('?q=astronaut&facets=all');
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({
      jobs: [],
      pagination: { current_page: 1, total_pages: 0, total_items: 0, total_relation: 'eq' },
      facets: { job_types: [], location_ids: [], organization_ids: [], experiences: [], skills: [], workplace_types: [] },
    });
  });

  describe('each filter alone, and several values of one (OR)', () => {
    const cases: [string, Selection, Selection][] = [
      ['job_types', { job_types: ['contract'] }, { job_types: ['contract'] }],
      ['job_types, two of them', { job_types: ['contract', 'part_time'] }, { job_types: ['contract', 'part_time'] }],
      ['location_ids', { location_ids: [LOCATIONS[1].id] }, { location_ids: [LOCATIONS[1].id] }],
      ['location_ids, in capitals', { location_ids: [LOCATIONS[1].id.toUpperCase()] }, { location_ids: [LOCATIONS[1].id] }],
      ['organization_ids, two of them', { organization_ids: [ORGS[0].id, ORGS[2].id] }, { organization_ids: [ORGS[0].id, ORGS[2].id] }],
      ['experiences, any case', { experiences: ['SENIOR', 'junior'] }, { experiences: ['senior', 'junior'] }],
      ['skills, any case', { skills: ['TYPESCRIPT'] }, { skills: ['typescript'] }],
      ['skills, two of them', { skills: ['go', 'Kubernetes'] }, { skills: ['go', 'kubernetes'] }],
    ];
    for (const [name, sent, selection] of cases) {
      it(name, async () => {
        const res = await search(`?q=engineer&limit=100&facets=all${queryOf(sent)}`);
        expect(res.status).to.equal(200);
        const want = ENGINEERS.filter((d) => passes(d, selection));
        expect(want.length, 'the fixture has matching jobs').to.be.greaterThan(0);
        expect(want.length, 'the filter leaves some out').to.be.lessThan(ENGINEERS.length);
        expect(sorted(res.body.jobs.map((j: { id: string }) => j.id))).to.deep.equal(idsOf(want));
        expect(res.body.pagination.total_items).to.equal(want.length);
        expect(res.body.facets).to.deep.equal(expectedFacets(ENGINEERS, selection));
      });
    }
  });

  it('combines filters with AND, and counts each facet without its own filter (disjunctive facets)', async () => {
    const selection: Selection = { job_types: ['full_time', 'contract'], experiences: ['senior'], skills: ['python', 'go'] };
    const res = await search(`?q=engineer&limit=100&facets=all${queryOf(selection)}`);
    const want = ENGINEERS.filter((d) => passes(d, selection));
    expect(want.length).to.be.greaterThan(0);
    expect(sorted(res.body.jobs.map((j: { id: string }) => j.id))).to.deep.equal(idsOf(want));
    const facets = expectedFacets(ENGINEERS, selection);
    expect(res.body.facets).to.deep.equal(facets);
    // What makes them disjunctive: the job_types facet counts values the job_types filter leaves out.
    expect(facets.job_types!.some((v) => v.value === 'part_time' && v.count > 0)).to.equal(true);
  });

  it('uses all five filters at once', async () => {
    const selection: Selection = {
      job_types: ['full_time'],
      location_ids: [LOCATIONS[0].id, LOCATIONS[1].id],
      organization_ids: [ORGS[0].id, ORGS[1].id],
      experiences: ['senior', 'mid'],
      skills: ['typescript', 'sql', 'python'],
    };
    const res = await search(`?q=engineer&limit=100&facets=all${queryOf(selection)}`);
    const want = ENGINEERS.filter((d) => passes(d, selection));
    expect(want.length).to.be.greaterThan(0);
    expect(sorted(res.body.jobs.map((j: { id: string }) => j.id))).to.deep.equal(idsOf(want));
    expect(res.body.facets).to.deep.equal(expectedFacets(ENGINEERS, selection));
  });

  it('lists every selected value even at count 0, with the label of a known location', async () => {
    const selection: Selection = {
      job_types: ['internship', 'volunteer'],
      location_ids: [...LOCATIONS.map((l) => l.id), UNKNOWN_LOCATION],
    };
    const res = await search(`?q=engineer&facets=all${queryOf(selection)}`);
    const facets = expectedFacets(ENGINEERS, selection);
    expect(res.body.facets).to.deep.equal(facets);
    expect(facets.job_types).to.deep.include({ value: 'volunteer', count: 0 });
    expect(facets.location_ids).to.deep.include({ value: UNKNOWN_LOCATION, count: 0 });
    // A location of the index that no result under the other filters has: still named.
    const zero = facets.location_ids!.filter((v) => v.count === 0 && v.value !== UNKNOWN_LOCATION);
    expect(zero.length, 'the fixture has a known location at count 0 here').to.be.greaterThan(0);
    expect(zero.every((v) => v.label !== undefined)).to.equal(true);
  });

  describe('pagination', () => {
    it('pages with limit 1, keeping the same total', async () => {
      const first = await search('?q=engineer&limit=1');
      const second = await search('?q=engineer&limit=1&page=2');
      expect(first.body.jobs).to.have.length(1);
      expect(second.body.jobs).to.have.length(1);
      expect(first.body.jobs[0].id).not.to.equal(second.body.jobs[0].id);
      const { next_cursor: next, ...pagination } = second.body.pagination;
      expect(pagination).to.deep.equal({
        current_page: 2,
        total_pages: ENGINEERS.length,
        total_items: ENGINEERS.length,
        total_relation: 'eq',
      });
      expect(next).to.be.a('string');
    });

    it('pages through every match exactly once, in the order of one big page', async () => {
      const all = (await search('?q=engineer&limit=100')).body.jobs.map((j: { id: string }) => j.id);
      const seen: string[] = [];
      for (let page = 1; page <= Math.ceil(ENGINEERS.length / 6); page++) {
        seen.push(...(await search(`?q=engineer&limit=6&page=${page}`)).body.jobs.map((j: { id: string }) => j.id));
      }
      expect(seen).to.deep.equal(all);
    });

    it('answers the last, partial page and an empty page past the end', async () => {
      const pages = Math.ceil(ENGINEERS.length / 4);
      const last = await search(`?q=engineer&limit=4&page=${pages}`);
      expect(last.body.jobs).to.have.length(ENGINEERS.length - (pages - 1) * 4);
      expect(last.body.pagination).not.to.have.property('next_cursor');
      const past = await search(`?q=engineer&limit=4&page=${pages + 1}&facets=all`);
      expect(past.status).to.equal(200);
      expect(past.body.jobs).to.deep.equal([]);
      expect(past.body.pagination).to.deep.equal({
        current_page: pages + 1,
        total_pages: pages,
        total_items: ENGINEERS.length,
        total_relation: 'eq',
      });
      expect(past.body.facets).to.deep.equal(expectedFacets(ENGINEERS, {}));
    });

    it('follows next_cursor through every match exactly once, in the order of one big page', async () => {
      const all = (await search('?q=engineer&limit=100')).body.jobs.map((j: { id: string }) => j.id);
      let res = await search('?q=engineer&limit=5&fields=id');
      const seen: string[] = res.body.jobs.map((j: { id: string }) => j.id);
      while (res.body.pagination.next_cursor) {
        res = await search(`?q=engineer&limit=5&fields=id&cursor=${res.body.pagination.next_cursor}`);
        expect(res.status).to.equal(200);
        seen.push(...res.body.jobs.map((j: { id: string }) => j.id));
      }
      expect(seen).to.deep.equal(all);
      expect(res.body.pagination.current_page).to.equal(Math.ceil(ENGINEERS.length / 5));
    });

    it('refuses a cursor made for another query', async () => {
      const { next_cursor: cursor } = (await search('?q=engineer&limit=2')).body.pagination;
      const res = await search(`?q=developer&cursor=${cursor}`);
      expect(res.status).to.equal(400);
      expect(res.body.details).to.deep.equal([{ field: 'cursor', message: 'belongs to a request with other q or filters' }]);
    });

    it('refuses page * limit above 10000', async () => {
      expect((await search('?q=engineer&page=200&limit=50')).status).to.equal(200);
      const res = await search('?q=engineer&page=201&limit=50');
      expect(res.status).to.equal(400);
      expect(res.body).to.deep.equal(
        invalid(
          'page * limit must be at most 10000 (got 201 * 50 = 10050).',
          [{ field: 'page', message: 'page * limit must be at most 10000' }],
          'Numbered pages reach the first 10000 results; to go further, follow pagination.next_cursor from page to page (pass it as cursor), or narrow the query with filters.',
        ),
      );
    });
  });

  describe('invalid parameters (400 invalid_request)', () => {
    const twentyOne = Array.from({ length: 21 }, (_, i) => `s${i}`).join(',');
    const cases: [string, ReturnType<typeof invalid>][] = [
      ['', invalid('Invalid query parameter: q is required.', [{ field: 'q', message: 'is required' }])],
      ['?q=', invalid('Invalid query parameter: q must not be empty.', [{ field: 'q', message: 'must not be empty' }])],
      ['?q=%20%20', invalid('Invalid query parameter: q must not be blank.', [{ field: 'q', message: 'must not be blank' }])],
      [
        `?q=${'a'.repeat(201)}`,
        invalid('Invalid query parameter: q must be at most 200 characters (got 201).', [
          { field: 'q', message: 'must be at most 200 characters (got 201)' },
        ]),
      ],
      [
        '?q=go&skill=go',
        invalid(
          'Unknown query parameter "skill".',
          [{ field: 'skill', message: 'is not a known parameter' }],
          `Did you mean "skills"? Known parameters: ${KNOWN}.`,
        ),
      ],
      [
        '?q=go&job_type=contract',
        invalid(
          'Unknown query parameter "job_type".',
          [{ field: 'job_type', message: 'is not a known parameter' }],
          `Did you mean "job_types"? Known parameters: ${KNOWN}.`,
        ),
      ],
      [
        '?q=go&skills=go&skills=rust',
        invalid(
          'Query parameter "skills" is given more than once.',
          [{ field: 'skills', message: 'is given more than once' }],
          'Give it once; list several values separated by commas.',
        ),
      ],
      [
        '?q=go&job_types=full_time,permanent',
        invalid(
          'Invalid query parameter: job_types "permanent" is not a job type; use one of: full_time, part_time, contract, internship, freelance, volunteer.',
          [
            {
              field: 'job_types',
              message: '"permanent" is not a job type; use one of: full_time, part_time, contract, internship, freelance, volunteer',
            },
          ],
        ),
      ],
      [
        `?q=go&location_ids=${LOCATIONS[0].id},berlin&organization_ids=acme`,
        invalid('Invalid query parameters: location_ids "berlin" is not a UUID; organization_ids "acme" is not a UUID.', [
          { field: 'location_ids', message: '"berlin" is not a UUID' },
          { field: 'organization_ids', message: '"acme" is not a UUID' },
        ]),
      ],
      [
        `?q=go&skills=${twentyOne}`,
        invalid('Invalid query parameter: skills must have at most 20 values (got 21).', [
          { field: 'skills', message: 'must have at most 20 values (got 21)' },
        ]),
      ],
      [
        `?q=go&experiences=${'x'.repeat(201)}`,
        invalid('Invalid query parameter: experiences values must be at most 200 characters.', [
          { field: 'experiences', message: 'values must be at most 200 characters' },
        ]),
      ],
      ['?q=go&page=-1', invalid('Invalid query parameter: page must be >= 1.', [{ field: 'page', message: 'must be >= 1' }])],
      ['?q=go&limit=1000', invalid('Invalid query parameter: limit must be <= 100.', [{ field: 'limit', message: 'must be <= 100' }])],
      [
        '?q=go&limit=ten',
        invalid('Invalid query parameter: limit must be an integer.', [{ field: 'limit', message: 'must be an integer' }]),
      ],
    ];
    for (const [query, body] of cases) {
      it(query === '' ? '(no q)' : query.length > 60 ? `${query.slice(0, 60)}…` : query, async () => {
        const res = await search(query);
        expect(res.status).to.equal(400);
        expect(res.body).to.deep.equal(body);
      });
    }
  });
});
