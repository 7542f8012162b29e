import { expect } from 'chai';
import { resetDatabase, testDb } from '../../../../test/support/context';
import { createOrganization } from '../../../../test/support/factories';
import { ORGANIZATIONS_PATH, rpc, writeClient } from '../../../../test/support/rpc-client';

/** Inserted out of order; two share a name (tie broken by id); two carry LIKE wildcards. */
const NAMES = [
  'Zulu',
  'Bravo',
  'acme labs',
  'Tango',
  'ACME Robotics',
  'Acme',
  'Charlie',
  'Delta',
  'Echo',
  'Foxtrot',
  'Golf',
  'Hotel',
  'India',
  'Juliett',
  'Kilo',
  'Lima',
  'Mike',
  'November',
  'Oscar',
  'Papa',
  'Twin Co',
  'Twin Co',
  '100% Organic',
  'Half_Moon Bakery',
];

interface Org {
  id: string;
  name: string;
}
const list = (body?: unknown) => rpc(ORGANIZATIONS_PATH, body);
const names = (res: { body: { organizations: Org[] } }) => res.body.organizations.map((o) => o.name);
const ids = (res: { body: { organizations: Org[] } }) => res.body.organizations.map((o) => o.id);

describe('POST /organization.v1.OrganizationService/List', () => {
  /** Every organization in the expected order: by lower-cased name, then id. */
  let ordered: Org[];
  let full: Org;

  before(async () => {
    await resetDatabase();
    const created: Org[] = [];
    for (const name of NAMES)
      created.push(await createOrganization({ name, website: `https://${name.length}.example`, industry: 'Software', size: '11-50' }));
    ordered = created.sort((a, b) =>
      a.name.toLowerCase() === b.name.toLowerCase() ? (a.id < b.id ? -1 : 1) : a.name.toLowerCase() < b.name.toLowerCase() ? -1 : 1,
    );
    [full] = await testDb().query<Org>(
      `UPDATE organizations SET description = 'Makes anvils.', website = 'https://acme.example', size = '5001+' WHERE name = 'Acme' RETURNING id, name`,
    );
  });

  after(() => resetDatabase());

  describe('the envelope and its defaults', () => {
    it('answers page 1 of 10 for a request without a body, with every field of each organization', async () => {
      const res = await list();
      expect(res.status).to.equal(200);
      expect(res.headers['content-type']).to.match(/^application\/json/);
      expect(ids(res)).to.deep.equal(ordered.slice(0, 10).map((o) => o.id));
      expect(res.body.pagination).to.deep.equal({ current_page: 1, total_pages: 3, total_items: 24 });
      expect(res.body.organizations[0]).to.deep.equal({
        id: ordered[0].id,
        name: '100% Organic',
        website: 'https://12.example',
        industry: 'Software',
        size: '11-50',
      });
      expect(res.body.organizations.find((o: Org) => o.id === full.id)).to.deep.equal({
        id: full.id,
        name: 'Acme',
        website: 'https://acme.example',
        industry: 'Software',
        size: '5001+',
        description: 'Makes anvils.',
      });
    });

    it('answers the same first page for {}, an empty JSON body and each empty or null level', async () => {
      const first = (await list()).body;
      for (const body of [
        {},
        { pagination: {} },
        { pagination: { pagination: {} } },
        { pagination: null },
        { pagination: { pagination: null } },
        { query: null },
      ]) {
        const res = await list(body);
        expect(res.status, JSON.stringify(body)).to.equal(200);
        expect(res.body, JSON.stringify(body)).to.deep.equal(first);
      }
      const empty = await writeClient().post(ORGANIZATIONS_PATH).set('content-type', 'application/json');
      expect(empty.body).to.deep.equal(first);
    });

    it('takes the page alone (limit stays 10), the limit alone (page stays 1), or both', async () => {
      const page2 = await list({ pagination: { pagination: { page: 2 } } });
      expect(ids(page2)).to.deep.equal(ordered.slice(10, 20).map((o) => o.id));
      expect(page2.body.pagination).to.deep.equal({ current_page: 2, total_pages: 3, total_items: 24 });
      const limit5 = await list({ pagination: { pagination: { limit: 5 } } });
      expect(ids(limit5)).to.deep.equal(ordered.slice(0, 5).map((o) => o.id));
      expect(limit5.body.pagination).to.deep.equal({ current_page: 1, total_pages: 5, total_items: 24 });
      const both = await list({ pagination: { pagination: { page: 3, limit: 7 } } });
      expect(ids(both)).to.deep.equal(ordered.slice(14, 21).map((o) => o.id));
      expect(both.body.pagination).to.deep.equal({ current_page: 3, total_pages: 4, total_items: 24 });
    });

    it('reads a null page or limit as absent', async () => {
      const res = await list({ pagination: { pagination: { page: null, limit: 3 } } });
      expect(ids(res)).to.deep.equal(ordered.slice(0, 3).map((o) => o.id));
    });
  });

  describe('order and paging', () => {
    it('orders by name case-insensitively and breaks ties by id', async () => {
      const res = await list({ pagination: { pagination: { limit: 100 } } });
      expect(names(res).slice(0, 4)).to.deep.equal(['100% Organic', 'Acme', 'acme labs', 'ACME Robotics']);
      const twins = res.body.organizations.filter((o: Org) => o.name === 'Twin Co').map((o: Org) => o.id);
      expect(twins).to.have.length(2);
      expect(twins[0] < twins[1]).to.equal(true);
      expect(ids(res)).to.deep.equal(ordered.map((o) => o.id));
    });

    it('pages to the end without gaps or repeats, then answers empty pages with the true pagination', async () => {
      const seen: string[] = [];
      for (let page = 1; page <= 5; page++) {
        const res = await list({ pagination: { pagination: { page, limit: 5 } } });
        expect(res.body.pagination).to.deep.equal({ current_page: page, total_pages: 5, total_items: 24 });
        expect(res.body.organizations).to.have.length(page < 5 ? 5 : 4);
        seen.push(...ids(res));
      }
      expect(seen).to.deep.equal(ordered.map((o) => o.id));
      for (const page of [6, 2_147_483_647]) {
        const past = await list({ pagination: { pagination: { page, limit: 5 } } });
        expect(past.status).to.equal(200);
        expect(past.body).to.deep.equal({ organizations: [], pagination: { current_page: page, total_pages: 5, total_items: 24 } });
      }
    });

    it('accepts the bounds of limit: 1 and 100', async () => {
      expect((await list({ pagination: { pagination: { limit: 1 } } })).body.pagination).to.deep.equal({
        current_page: 1,
        total_pages: 24,
        total_items: 24,
      });
      expect((await list({ pagination: { pagination: { limit: 100 } } })).body.organizations).to.have.length(24);
    });
  });

  describe('the name filter', () => {
    it('keeps names containing the query, case-insensitively, trimmed', async () => {
      for (const query of ['acme', 'ACME', '  cMe ']) {
        const res = await list({ query });
        expect(names(res), query).to.deep.equal(['Acme', 'acme labs', 'ACME Robotics']);
        expect(res.body.pagination).to.deep.equal({ current_page: 1, total_pages: 1, total_items: 3 });
      }
      expect(names(await list({ query: 'twin' }))).to.deep.equal(['Twin Co', 'Twin Co']);
    });

    it('pages within the filtered list', async () => {
      const res = await list({ query: 'acme', pagination: { pagination: { page: 2, limit: 2 } } });
      expect(names(res)).to.deep.equal(['ACME Robotics']);
      expect(res.body.pagination).to.deep.equal({ current_page: 2, total_pages: 2, total_items: 3 });
    });

    it('matches % and _ literally, not as wildcards', async () => {
      expect(names(await list({ query: '%' }))).to.deep.equal(['100% Organic']);
      expect(names(await list({ query: '_' }))).to.deep.equal(['Half_Moon Bakery']);
      expect(names(await list({ query: 'f_m' }))).to.deep.equal(['Half_Moon Bakery']);
      expect((await list({ query: '\\' })).body.organizations).to.deep.equal([]);
    });

    it('answers an empty list with zero pages when nothing matches, and a blank query filters nothing', async () => {
      expect((await list({ query: 'no such organization' })).body).to.deep.equal({
        organizations: [],
        pagination: { current_page: 1, total_pages: 0, total_items: 0 },
      });
      expect((await list({ query: '   ' })).body.pagination.total_items).to.equal(24);
    });
  });

  describe('fields without a value', () => {
    it('omits them rather than answering null', async () => {
      const [bare] = await testDb().query<Org>(`INSERT INTO organizations (name) VALUES ('Zzz Bare') RETURNING id, name`);
      try {
        const res = await list({ query: 'zzz bare' });
        expect(res.body.organizations).to.deep.equal([{ id: bare.id, name: 'Zzz Bare' }]);
      } finally {
        await testDb().query('DELETE FROM organizations WHERE id = $1', [bare.id]);
      }
    });
  });
});
