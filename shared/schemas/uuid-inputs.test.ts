import { expect } from 'chai';
import { createReadApp } from '../../services/read';
import { createWriteApp } from '../../services/write';
import { resetDatabase, resetIndex, testConfig, testDb, testLogger, testSearch } from '../../test/support/context';
import { createApiKey, createLocation, createOrganization, createProject, createUser } from '../../test/support/factories';
import { httpClient } from '../../test/support/http';
import { validatorFor } from './ajv';
import { canonicalUuid, Uuid } from './common';

const ID = '3f0e7c1a-8b9d-4c2e-9f1a-2b3c4d5e6f70';

describe('ids in requests', () => {
  describe('the uuid format', () => {
    it('takes the canonical text form in either case, and nothing around it', () => {
      const valid = validatorFor(Uuid);
      expect([ID, ID.toUpperCase()].map((v) => valid(v))).to.deep.equal([true, true]);
      // ajv-formats' own uuid format accepts the urn form, which Postgres refuses.
      for (const bad of [`urn:uuid:${ID}`, `{${ID}}`, ID.replace(/-/g, ''), ` ${ID}`]) expect(valid(bad), bad).to.equal(false);
    });

    it('canonicalUuid lowercases a UUID and refuses anything else', () => {
      expect(canonicalUuid(ID.toUpperCase())).to.equal(ID);
      expect(canonicalUuid(`urn:uuid:${ID}`)).to.equal(undefined);
    });
  });

  describe('over HTTP', () => {
    const config = testConfig();
    const write = () => httpClient(createWriteApp({ config, db: testDb(), search: testSearch(), logger: testLogger }).app);
    const read = () => httpClient(createReadApp({ config, search: testSearch(), logger: testLogger }).app);
    let org: { id: string };
    let loc: { id: string };
    let project: { id: string };
    let key: string;
    const job = (fields: Record<string, unknown>) => ({
      title: 'Engineer',
      type: 'full_time',
      salary: '1',
      organization_id: org.id,
      location_id: loc.id,
      ...fields,
    });

    before(async () => {
      await resetDatabase();
      await resetIndex();
      org = await createOrganization();
      loc = await createLocation();
      project = await createProject(org.id);
      const recruiter = await createUser({ is_recruiter: true, memberOf: [org.id] });
      key = (await createApiKey(recruiter.id)).key;
    });

    it('POST /agents/jobs answers ids in the urn form with 400 naming each field, not 500', async () => {
      const res = await write()
        .post('/agents/jobs')
        .set('x-api-key', key)
        .send(job({ organization_id: `urn:uuid:${org.id}`, project_id: `urn:uuid:${project.id}` }));
      expect(res.status).to.equal(400);
      expect(res.body).to.deep.equal({
        code: 'invalid_request',
        message: 'The request body is invalid: organization_id must match format "uuid"; project_id must match format "uuid".',
        hint: 'Fix the fields named in details.',
        details: [
          { field: 'organization_id', message: 'must match format "uuid"' },
          { field: 'project_id', message: 'must match format "uuid"' },
        ],
      });
    });

    it('POST /agents/jobs takes ids in capitals as the ids they name', async () => {
      const res = await write()
        .post('/agents/jobs')
        .set('x-api-key', key)
        .send(job({ organization_id: org.id.toUpperCase(), location_id: loc.id.toUpperCase(), project_id: project.id.toUpperCase() }));
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
      expect([res.body.organization_id, res.body.location_id, res.body.project_id]).to.deep.equal([org.id, loc.id, project.id]);
    });

    it('GET /agents/jobs answers a filter id in the urn form with 400', async () => {
      const res = await read()
        .get('/agents/jobs')
        .query({ organization_id: `urn:uuid:${ID}` });
      expect(res.status).to.equal(400);
      expect(res.body).to.deep.equal({
        code: 'invalid_request',
        message: 'Invalid query parameter: organization_id must match format "uuid".',
        hint: 'Fix the parameters named in details.',
        details: [{ field: 'organization_id', message: 'must match format "uuid"' }],
      });
    });
  });
});
