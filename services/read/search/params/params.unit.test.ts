import { expect } from 'chai';
import { ApiError } from '../../../../shared/errors';
import { encodeCursor, fingerprintOf } from './cursor';
import { readBrowseParams, readSearchParams, readSimilarParams } from './params';

const ID = '3F0E7C1A-8B9D-4C2E-9F1A-2B3C4D5E6F70';

/** The error body a call throws (it must throw an ApiError). */
function errorOf(fn: () => unknown) {
  try {
    fn();
  } catch (err) {
    expect(err).to.be.instanceOf(ApiError);
    return { status: (err as ApiError).status, body: (err as ApiError).toBody() };
  }
  throw new Error('expected an ApiError');
}

describe('readBrowseParams', () => {
  it('keeps only the filters given, normalized', () => {
    const params = readBrowseParams({ organization_id: ID, experience: ' Senior ', hashtags: '#Remote, visa,,#remote', page: 2, limit: 5 });
    expect(params).to.deep.include({
      filters: { organization_id: [ID.toLowerCase()], experience: ['senior'], hashtags: ['remote', 'visa'] },
      facets: [],
      fields: undefined,
    });
    expect(params.paging).to.include({ offset: 5, limit: 5 });
  });

  it('treats a blank experience or hashtag list as no filter', () => {
    expect(readBrowseParams({ experience: '  ', hashtags: ' ,#, ', page: 1, limit: 10 }).filters).to.deep.equal({});
  });

  it('refuses ids in the urn form, also when called without the schema (which refuses them first)', () => {
    expect(errorOf(() => readBrowseParams({ project_id: `urn:uuid:${ID}`, page: 1, limit: 10 }))).to.deep.equal({
      status: 400,
      body: {
        code: 'invalid_request',
        message: `Invalid query parameter: project_id "urn:uuid:${ID}" is not a UUID.`,
        hint: 'Fix the parameters named in details.',
        details: [{ field: 'project_id', message: `"urn:uuid:${ID}" is not a UUID` }],
      },
    });
  });

  it('refuses more than 20 hashtags', () => {
    const tags = Array.from({ length: 21 }, (_, i) => `t${i}`).join(',');
    expect(errorOf(() => readBrowseParams({ hashtags: tags, page: 1, limit: 10 })).body.details).to.deep.equal([
      { field: 'hashtags', message: 'must have at most 20 values (got 21)' },
    ]);
  });

  it('refuses to page past the first 10 000 results, with a hint to narrow the query', () => {
    expect(errorOf(() => readBrowseParams({ page: 101, limit: 100 }))).to.deep.equal({
      status: 400,
      body: {
        code: 'invalid_request',
        message: 'page * limit must be at most 10000 (got 101 * 100 = 10100).',
        hint: 'Numbered pages reach the first 10000 results; to go further, follow pagination.next_cursor from page to page (pass it as cursor), or narrow the query with filters.',
        details: [{ field: 'page', message: 'page * limit must be at most 10000' }],
      },
    });
    expect(readBrowseParams({ page: 100, limit: 100 }).paging).to.include({ offset: 9900, limit: 100 });
  });
});

describe('readSearchParams', () => {
  const none = { page: 1, limit: 10 };

  it('trims q and normalizes every list', () => {
    expect(
      readSearchParams({
        q: '  rust developer ',
        job_types: 'contract, full_time,contract',
        location_ids: ID,
        organization_ids: ` ${ID.toLowerCase()},${ID} `,
        experiences: 'Senior,SENIOR, mid',
        skills: 'TypeScript,,Go',
        ...none,
      }),
    ).to.deep.include({
      q: 'rust developer',
      filters: {
        job_types: ['contract', 'full_time'],
        location_ids: [ID.toLowerCase()],
        organization_ids: [ID.toLowerCase()],
        experiences: ['senior', 'mid'],
        skills: ['typescript', 'go'],
      },
    });
  });

  it('reports every bad value of every parameter in one error', () => {
    expect(errorOf(() => readSearchParams({ q: '   ', job_types: 'full_time,permanent', location_ids: 'berlin', ...none }))).to.deep.equal({
      status: 400,
      body: {
        code: 'invalid_request',
        message:
          'Invalid query parameters: q must not be blank; job_types "permanent" is not a job type; use one of: full_time, part_time, contract, internship, freelance, volunteer; location_ids "berlin" is not a UUID.',
        hint: 'Fix the parameters named in details.',
        details: [
          { field: 'q', message: 'must not be blank' },
          {
            field: 'job_types',
            message: '"permanent" is not a job type; use one of: full_time, part_time, contract, internship, freelance, volunteer',
          },
          { field: 'location_ids', message: '"berlin" is not a UUID' },
        ],
      },
    });
  });

  it('bounds q to 200 characters after trimming', () => {
    expect(readSearchParams({ q: `  ${'a'.repeat(200)}  `, ...none }).q).to.have.length(200);
    expect(errorOf(() => readSearchParams({ q: 'a'.repeat(201), ...none })).body.details).to.deep.equal([
      { field: 'q', message: 'must be at most 200 characters (got 201)' },
    ]);
  });

  it('bounds each skill to 200 characters and each list to 20 values', () => {
    const skills = Array.from({ length: 21 }, (_, i) => `s${i}`).join(',');
    expect(errorOf(() => readSearchParams({ q: 'x', skills, experiences: 'x'.repeat(201), ...none })).body.details).to.deep.equal([
      { field: 'experiences', message: 'values must be at most 200 characters' },
      { field: 'skills', message: 'must have at most 20 values (got 21)' },
    ]);
  });

  it('counts 20 distinct values as fine, however many duplicates', () => {
    const skills = Array.from({ length: 40 }, (_, i) => `s${i % 20}`).join(',');
    expect(readSearchParams({ q: 'x', skills, ...none }).filters.skills).to.have.length(20);
  });
});

describe('facets and fields parameters', () => {
  it('counts no facets unless asked, every facet for "all", else those named (in their fixed order)', () => {
    expect(readSearchParams({ q: 'x', limit: 10 }).facets).to.deep.equal([]);
    expect(readSearchParams({ q: 'x', facets: 'all', limit: 10 }).facets).to.deep.equal([
      'job_types',
      'location_ids',
      'organization_ids',
      'experiences',
      'skills',
      'workplace_types',
    ]);
    expect(readBrowseParams({ facets: ' Skills, job_types ', limit: 10 }).facets).to.deep.equal(['job_types', 'skills']);
  });

  it('refuses an unknown facet, naming the known ones', () => {
    expect(errorOf(() => readSearchParams({ q: 'x', facets: 'skills,salary', limit: 10 })).body.details).to.deep.equal([
      {
        field: 'facets',
        message:
          '"salary" is not a facet; use all, or any of: job_types, location_ids, organization_ids, experiences, skills, workplace_types',
      },
    ]);
    expect(errorOf(() => readBrowseParams({ facets: ' , ', limit: 10 })).status).to.equal(400);
  });

  it('returns the fields named, in Job order, always with id', () => {
    expect(readBrowseParams({ fields: 'salary, title', limit: 10 }).fields).to.deep.equal(['id', 'title', 'salary']);
    expect(readSearchParams({ q: 'x', limit: 10 }).fields).to.equal(undefined);
  });

  it('refuses an unknown field, naming the known ones', () => {
    const { details } = errorOf(() => readSearchParams({ q: 'x', fields: 'title,created_by', limit: 10 })).body;
    expect(details).to.have.length(1);
    expect(details![0].field).to.equal('fields');
    expect(details![0].message).to.match(/^"created_by" is not a Job field; known fields: id, title, description, /);
  });
});

describe('cursor parameter', () => {
  const firstPage = readSearchParams({ q: 'rust', skills: 'go,sql', limit: 10 });
  const cursor = encodeCursor(firstPage.paging.scope, { offset: 10 });
  const deepCursor = encodeCursor(firstPage.paging.scope, { after: [1.5, 1_700_000_000_000, ID], offset: 10_000 });

  it('reads the position of the cursor made for the same q and filters, whatever the order of list values or the limit', () => {
    const next = readSearchParams({ q: 'rust', skills: 'sql, go', cursor, limit: 25 });
    expect(next.paging).to.deep.include({ offset: 10, limit: 25 });
    expect(next.paging).not.to.have.property('after');
  });

  it('reads a search position by offset inside the first 10 000 results, by sort values past them', () => {
    expect(readSearchParams({ q: 'rust', skills: 'go,sql', cursor: deepCursor, limit: 10 }).paging).to.deep.include({
      after: [1.5, 1_700_000_000_000, ID],
      offset: 10_000,
    });
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const h = firstPage.paging.scope.fingerprint;
    for (const bad of [b64({ v: 1, h, a: [1.5, 1_700_000_000_000, ID], o: 10 }), b64({ v: 1, h, a: [], o: 10_000 })]) {
      expect(errorOf(() => readSearchParams({ q: 'rust', skills: 'go,sql', cursor: bad, limit: 10 })).body.details).to.deep.equal([
        { field: 'cursor', message: 'is malformed' },
      ]);
    }
  });

  it('refuses a cursor made for another query or filters', () => {
    for (const other of [{ q: 'go' }, { q: 'rust', skills: 'go' }]) {
      const { status, body } = errorOf(() => readSearchParams({ ...other, cursor, limit: 10 }));
      expect(status).to.equal(400);
      expect(body.message).to.equal('The cursor was made for another query or other filters.');
      expect(body.hint).to.match(/next_cursor/);
    }
  });

  it('refuses a browse cursor in search and the other way round', () => {
    const browseCursor = encodeCursor(readBrowseParams({ limit: 10 }).paging.scope, { after: [1_700_000_000_000, ID], offset: 10 });
    expect(errorOf(() => readSearchParams({ q: 'rust', cursor: browseCursor, limit: 10 })).status).to.equal(400);
    expect(errorOf(() => readBrowseParams({ cursor, limit: 10 })).status).to.equal(400);
  });

  it('refuses malformed cursors with a hint, never anything worse', () => {
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const scope = firstPage.paging.scope.fingerprint;
    for (const bad of [
      '!!!',
      'abc',
      b64(null),
      b64({ v: 2, h: scope, a: [], o: 0 }),
      b64({ v: 1, h: scope, a: [1, 'x', ID], o: 10_000 }),
      b64({ v: 1, h: scope, a: [], o: -1 }),
      b64({ v: 1, h: scope, a: [1, 2], o: 10_000 }),
    ]) {
      const { status, body } = errorOf(() => readSearchParams({ q: 'rust', skills: 'go,sql', cursor: bad, limit: 10 }));
      expect(status, bad).to.equal(400);
      expect(body.details).to.deep.equal([{ field: 'cursor', message: 'is malformed' }]);
    }
  });

  it('refuses cursor with page', () => {
    expect(errorOf(() => readSearchParams({ q: 'rust', skills: 'go,sql', cursor, page: 2, limit: 10 })).body.details).to.deep.equal([
      { field: 'page', message: 'must be absent when cursor is given' },
    ]);
  });
});

describe('mode and exclude_ids (issue 30)', () => {
  const SEEN = '00000000-0000-4000-8000-0000000c0001';

  it('reads the mode (keyword when absent) and the ids to leave out, in lowercase, each once', () => {
    expect(readSearchParams({ q: 'care', limit: 10 })).to.deep.include({ mode: 'keyword', excludeIds: [] });
    expect(readSearchParams({ q: 'care', mode: 'hybrid', exclude_ids: `${SEEN.toUpperCase()}, ${SEEN}`, limit: 10 })).to.deep.include({
      mode: 'hybrid',
      excludeIds: [SEEN],
    });
  });

  it('keeps the cursor fingerprint of a keyword search without exclusions as it was before modes existed', () => {
    const before = fingerprintOf('search', { q: 'rust', skills: ['go', 'sql'] });
    expect(readSearchParams({ q: 'rust', skills: 'sql,go', limit: 10 }).paging.scope.fingerprint).to.equal(before);
    expect(readSearchParams({ q: 'rust', skills: 'sql,go', mode: 'keyword', limit: 10 }).paging.scope.fingerprint).to.equal(before);
  });

  it('gives each mode and each set of exclusions a cursor of its own', () => {
    const fingerprints = [
      readSearchParams({ q: 'rust', limit: 10 }),
      readSearchParams({ q: 'rust', mode: 'hybrid', limit: 10 }),
      readSearchParams({ q: 'rust', mode: 'semantic', limit: 10 }),
      readSearchParams({ q: 'rust', exclude_ids: SEEN, limit: 10 }),
    ].map((params) => params.paging.scope.fingerprint);
    expect(new Set(fingerprints).size).to.equal(4);
  });

  it('pages hybrid and semantic searches by offset in every order', () => {
    for (const sort of ['relevance', 'newest'] as const) {
      const first = readSearchParams({ q: 'rust', mode: 'semantic', sort, limit: 10 });
      expect(first.paging.scope.offsetsBelow, sort).to.equal(10_000);
      const cursor = encodeCursor(first.paging.scope, { offset: 10 });
      expect(readSearchParams({ q: 'rust', mode: 'semantic', sort, cursor, limit: 10 }).paging, sort).to.deep.include({ offset: 10 });
    }
  });

  it('reads similar-jobs parameters: the search filters, the ids to leave out, limit, fields and snippet', () => {
    expect(readSimilarParams({ job_types: 'contract', exclude_ids: SEEN, limit: 5, fields: 'title', snippet: 80 })).to.deep.equal({
      filters: { job_types: ['contract'], location_ids: [], organization_ids: [], experiences: [], skills: [] },
      constraints: {},
      excludeIds: [SEEN],
      limit: 5,
      fields: ['id', 'title'],
      snippet: 80,
    });
    expect(errorOf(() => readSimilarParams({ exclude_ids: 'x', limit: 5 })).body.details).to.deep.equal([
      { field: 'exclude_ids', message: '"x" is not a UUID' },
    ]);
  });
});
