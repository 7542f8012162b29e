import { expect } from 'chai';
import { createAllInOneApp } from '../../../all-in-one';
import { createReadApp } from '../../../read';
import { demoIds, seedDatabase } from '../../../../scripts/seed/seed-database';
import { resetDatabase, resetIndex, testConfig, testDb, testLogger, testSearch } from '../../../../test/support/context';
import { createApiKey, createLocation, createOrganization, createUser } from '../../../../test/support/factories';
import { httpClient } from '../../../../test/support/http';
import { LOCATIONS_PATH, ORGANIZATIONS_PATH, rpc, writeClient } from '../../../../test/support/rpc-client';

const read = () => httpClient(createReadApp({ config: testConfig(), search: testSearch(), logger: testLogger }).app);
const wholeApi = () =>
  httpClient(createAllInOneApp({ config: testConfig(), db: testDb(), search: testSearch(), logger: testLogger }).handler);

describe('RPC ids round trip: listed ids are the ones create, browse and search accept', () => {
  let key: string;

  before(async () => {
    await resetDatabase();
    await resetIndex();
    // Decoys first, so the ids come from a real name search, not from the only row there is.
    await createOrganization({ name: 'Decoy Org' });
    await createLocation({ name: 'Decoy Town' });
    const org = await createOrganization({ name: 'Round Trip Industries' });
    await createLocation({ name: 'Round Trip City', workplace_type: 'hybrid' });
    const recruiter = await createUser({ is_recruiter: true, memberOf: [org.id] });
    key = (await createApiKey(recruiter.id)).key;
  });

  after(() => resetDatabase());

  it('creates a job with the listed ids, then finds it by them in browse and search', async () => {
    const orgs = await rpc(ORGANIZATIONS_PATH, { query: 'round trip' });
    const locs = await rpc(LOCATIONS_PATH, { query: 'round trip', workplaceType: 'hybrid' });
    expect(orgs.body.organizations).to.have.length(1);
    expect(locs.body.locations).to.have.length(1);
    const organization = orgs.body.organizations[0] as { id: string; name: string };
    const location = locs.body.locations[0] as { id: string; name: string };

    const created = await writeClient().post('/agents/jobs').set('x-api-key', key).send({
      title: 'Round Trip Engineer',
      organization_id: organization.id,
      location_id: location.id,
      type: 'full_time',
      salary: '€70,000',
    });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    expect(created.body).to.include({
      organization_id: organization.id,
      organization: 'Round Trip Industries',
      location_id: location.id,
      location: 'Round Trip City',
    });
    const jobId = created.body.id as string;

    const byOrganization = await read().get(`/agents/jobs?organization_id=${organization.id}`);
    expect(byOrganization.status).to.equal(200);
    expect(byOrganization.body.jobs.map((j: { id: string }) => j.id)).to.deep.equal([jobId]);
    const byLocation = await read().get(`/agents/jobs?location_id=${location.id}`);
    expect(byLocation.body.jobs.map((j: { id: string }) => j.id)).to.deep.equal([jobId]);
    const searched = await read().get(`/agents/jobs/search?q=engineer&organization_ids=${organization.id}&location_ids=${location.id}`);
    expect(searched.status).to.equal(200);
    expect(searched.body.jobs.map((j: { id: string }) => j.id)).to.deep.equal([jobId]);
  });

  it('serves both calls at the one base URL of the whole API, with 405 for other methods there too', async () => {
    for (const path of [ORGANIZATIONS_PATH, LOCATIONS_PATH]) {
      const listed = await wholeApi().post(path).send({ query: 'round trip' });
      expect(listed.status, path).to.equal(200);
      expect(listed.body.pagination, path).to.deep.equal({ current_page: 1, total_pages: 1, total_items: 1 });
      const wrong = await wholeApi().get(path);
      expect(wrong.status, path).to.equal(405);
      expect(wrong.headers.allow, path).to.equal('POST');
    }
  });

  it('lists the demo seed ids in the order the seed summary prints them', async function () {
    this.timeout(30_000);
    await resetDatabase();
    await seedDatabase(testDb(), { jobCount: 20 });
    const summary = await demoIds(testDb());
    const orgs = await rpc(ORGANIZATIONS_PATH, { pagination: { pagination: { limit: 100 } } });
    const locs = await rpc(LOCATIONS_PATH, { pagination: { pagination: { limit: 100 } } });
    expect(orgs.body.organizations.map((o: { id: string }) => o.id)).to.deep.equal(summary.organization_ids);
    expect(locs.body.locations.map((l: { id: string }) => l.id)).to.deep.equal(summary.location_ids);
  });
});
