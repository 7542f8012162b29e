import { expect } from 'chai';
import { presentJob } from '../../../../shared/jobs/job-document';
import { bulkIndexJobs } from '../../../indexer';
import { indexFreshJobs, jobDocument, utcDay } from '../../../../test/fixtures/job-documents';
import { readClient } from '../../../../test/fixtures/read-client';
import { testSearch } from '../../../../test/support/context';

const notFound = (id: string) => ({
  code: 'not_found',
  message: `No job with id "${id}".`,
  hint: 'Job ids are UUIDs as returned by GET /agents/jobs or /agents/jobs/search.',
});

describe('GET /agents/jobs/{job_id}', () => {
  const client = readClient();
  const full = jobDocument({
    title: 'Staff Engineer',
    description: 'Lead the platform.',
    education: 'BSc',
    skills: ['Go'],
    tags: ['remote'],
    department: 'Engineering',
    team: 'Platform',
    reporting_to: 'CTO',
    responsibilities: ['Design', 'Mentor'],
    closing_date: utcDay(10),
    project_id: '00000000-0000-4000-8000-0000000c0001',
    resume_score_threshold: 70,
    generate_screening: true,
    created_by: '00000000-0000-4000-8000-0000000d0001',
  });
  const bare = jobDocument({ description: null, experience: null, skills: [], tags: [], responsibilities: [] });
  const inactive = jobDocument({ is_active: false });
  const closed = jobDocument({ closing_date: utcDay(-1) });
  let index: string;

  before(async () => {
    index = await indexFreshJobs([full, bare, inactive, closed]);
  });

  it('answers the job with every public field it has, never who created it nor how applicants are screened', async () => {
    const res = await client.get(`/agents/jobs/${full.id}`);
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal(presentJob(full));
    expect(res.body).to.include({ is_active: true, closing_date: utcDay(10) });
    for (const hidden of ['created_by', 'resume_score_threshold', 'generate_screening']) expect(res.body).not.to.have.property(hidden);
  });

  it('omits fields without a value and always has skills', async () => {
    const res = await client.get(`/agents/jobs/${bare.id}`);
    expect(res.body).to.deep.equal(presentJob(bare));
    expect(res.body).not.to.have.any.keys('description', 'experience', 'education', 'closing_date', 'project_id');
    expect(res.body.skills).to.deep.equal([]);
  });

  it('answers inactive and closed jobs too, with is_active false', async () => {
    for (const doc of [inactive, closed]) {
      const res = await client.get(`/agents/jobs/${doc.id}`);
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal(presentJob(doc));
      expect(res.body.is_active).to.equal(false);
    }
  });

  it('accepts an id typed in capitals', async () => {
    const res = await client.get(`/agents/jobs/${full.id.toUpperCase()}`);
    expect(res.status).to.equal(200);
    expect(res.body.id).to.equal(full.id);
  });

  it('answers 404 not_found for an unknown id', async () => {
    const id = '00000000-0000-4000-8000-00000000ffff';
    const res = await client.get(`/agents/jobs/${id}`);
    expect(res.status).to.equal(404);
    expect(res.body).to.deep.equal(notFound(id));
  });

  for (const malformed of [
    'abc',
    '12345',
    `${'0'.repeat(8)}-0000-0000-0000-00000000000g`,
    'urn:uuid:00000000-0000-4000-8000-000000000001',
    "1' OR '1'='1",
  ]) {
    it(`answers 404 not_found for the malformed id ${JSON.stringify(malformed)}`, async () => {
      const res = await client.get(`/agents/jobs/${encodeURIComponent(malformed)}`);
      expect(res.status).to.equal(404);
      expect(res.body).to.deep.equal(notFound(malformed));
    });
  }

  it('reads a job indexed a moment ago, before the index refreshes', async () => {
    const fresh = jobDocument({ title: 'Just posted' });
    await bulkIndexJobs(testSearch(), index, [{ doc: fresh, version: 1 }], { refresh: false });
    const res = await client.get(`/agents/jobs/${fresh.id}`);
    expect(res.status).to.equal(200);
    expect(res.body.title).to.equal('Just posted');
  });

  it('does not take /agents/jobs/search for a job id', async () => {
    const res = await client.get('/agents/jobs/search');
    expect(res.status).to.equal(400);
    expect(res.body.code).to.equal('invalid_request');
  });
});

describe('the read operations before anything is indexed (no index behind the alias)', () => {
  const client = readClient({ config: { indexAlias: 'jla_test_read_never_created' } });

  it('browse answers an empty list, with the selected values at 0', async () => {
    const res = await client.get('/agents/jobs?job_type=contract&facets=all');
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({
      jobs: [],
      pagination: { current_page: 1, total_pages: 0, total_items: 0, total_relation: 'eq' },
      facets: {
        job_types: [{ value: 'contract', count: 0 }],
        location_ids: [],
        organization_ids: [],
        experiences: [],
        skills: [],
        workplace_types: [],
      },
    });
  });

  it('search answers no jobs, with the selected values at 0', async () => {
    const res = await client.get('/agents/jobs/search?q=engineer&job_types=contract&facets=all');
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({
      jobs: [],
      pagination: { current_page: 1, total_pages: 0, total_items: 0, total_relation: 'eq' },
      facets: {
        job_types: [{ value: 'contract', count: 0 }],
        location_ids: [],
        organization_ids: [],
        experiences: [],
        skills: [],
        workplace_types: [],
      },
    });
  });

  it('get answers 404 not_found', async () => {
    const id = '00000000-0000-4000-8000-000000000001';
    const res = await client.get(`/agents/jobs/${id}`);
    expect(res.status).to.equal(404);
    expect(res.body).to.deep.equal(notFound(id));
  });
});
