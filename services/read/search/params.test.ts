import { expect } from 'chai';
import { ApiError } from '../../../shared/errors';
import { readBrowseParams, readSearchParams } from './params';

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
    expect(readBrowseParams({ organization_id: ID, experience: ' Senior ', hashtags: '#Remote, visa,,#remote', page: 2, limit: 5 })).to.deep.equal({
      filters: { organization_id: [ID.toLowerCase()], experience: ['senior'], hashtags: ['remote', 'visa'] },
      paging: { page: 2, limit: 5 },
    });
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
        hint: 'Only the first 10000 results can be paged through; narrow the query with filters (or more specific search words) instead of paging this deep.',
        details: [{ field: 'page', message: 'page * limit must be at most 10000' }],
      },
    });
    expect(readBrowseParams({ page: 100, limit: 100 }).paging).to.deep.equal({ page: 100, limit: 100 });
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
    ).to.deep.equal({
      q: 'rust developer',
      filters: {
        job_types: ['contract', 'full_time'],
        location_ids: [ID.toLowerCase()],
        organization_ids: [ID.toLowerCase()],
        experiences: ['senior', 'mid'],
        skills: ['typescript', 'go'],
      },
      paging: { page: 1, limit: 10 },
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
          { field: 'job_types', message: '"permanent" is not a job type; use one of: full_time, part_time, contract, internship, freelance, volunteer' },
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
