import { expect } from 'chai';
import { resetDatabase, testDb } from '../../../../test/support/context';
import { invalidArgument, LOCATIONS_PATH, rpc } from '../../../../test/support/rpc-client';

interface Loc {
  id: string;
  name: string;
  workplace_type: string;
}
const list = (body?: unknown) => rpc(LOCATIONS_PATH, body);
const names = (res: { body: { locations: Loc[] } }) => res.body.locations.map((l) => l.name);

/** name, workplace type, address parts (line1, line2, city, region, postal code, country) */
type Row = [string, 'onsite' | 'hybrid' | 'remote', ...(string | null)[]];
const ROWS: Row[] = [
  ['Berlin', 'onsite', 'Friedrichstraße 68', '3rd floor', 'Berlin', 'BE', '10117', 'DE'],
  ['Berlin (Hybrid)', 'hybrid', 'Torstraße 140', null, 'Berlin', 'BE', '10119', 'DE'],
  ['Remote (Germany)', 'remote', null, null, null, null, null, 'DE'],
  ['Remote (Worldwide)', 'remote', null, null, null, null, null, null],
  ['Amsterdam', 'onsite', 'Keizersgracht 241', null, 'Amsterdam', 'NH', '1016 EA', 'NL'],
  ['London (Hybrid)', 'hybrid', '80 Clerkenwell Road', null, 'London', 'ENG', 'EC1M 5RJ', 'GB'],
  ['Lisbon', 'onsite', 'Avenida da Liberdade 110', null, 'Lisbon', 'LI', '1250-146', 'PT'],
  ['Madrid', 'onsite', 'Calle de Alcalá 54', null, 'Madrid', 'MD', '28014', 'ES'],
  ['Paris', 'hybrid', '8 Rue de la Boétie', null, 'Paris', 'IDF', '75008', 'FR'],
  ['Remote (Europe)', 'remote', null, null, null, null, null, null],
  ['Toronto', 'onsite', '100 King Street West', null, 'Toronto', 'ON', 'M5X 1A9', 'CA'],
  ['Vienna', 'onsite', 'Mariahilfer Straße 47', null, 'Vienna', 'W', '1060', 'AT'],
];
const ORDER = [
  'Amsterdam',
  'Berlin',
  'Berlin (Hybrid)',
  'Lisbon',
  'London (Hybrid)',
  'Madrid',
  'Paris',
  'Remote (Europe)',
  'Remote (Germany)',
  'Remote (Worldwide)',
  'Toronto',
  'Vienna',
];

describe('POST /location.v1.LocationService/List', () => {
  const idOf = new Map<string, string>();

  before(async () => {
    await resetDatabase();
    for (const [name, type, line1, line2, city, region, postal, country] of ROWS) {
      const [row] = await testDb().query<{ id: string }>(
        `INSERT INTO locations (name, is_remote, workplace_type, address_line1, address_line2, city, region, postal_code, country_code)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
        [name, type === 'remote', type, line1, line2, city, region, postal, country],
      );
      idOf.set(name, row.id);
    }
  });

  after(() => resetDatabase());

  it('answers page 1 of 10 for a request without a body, ordered by name', async () => {
    const res = await list();
    expect(res.status).to.equal(200);
    expect(names(res)).to.deep.equal(ORDER.slice(0, 10));
    expect(res.body.pagination).to.deep.equal({ current_page: 1, total_pages: 2, total_items: 12 });
  });

  it('answers each location with its workplace type, is_remote, and an address without empty parts', async () => {
    const res = await list({ pagination: { pagination: { limit: 100 } } });
    const byName = new Map<string, unknown>(res.body.locations.map((l: Loc) => [l.name, l]));
    expect(byName.get('Berlin')).to.deep.equal({
      id: idOf.get('Berlin'),
      name: 'Berlin',
      is_remote: false,
      workplace_type: 'onsite',
      address: { line1: 'Friedrichstraße 68', line2: '3rd floor', city: 'Berlin', region: 'BE', postal_code: '10117', country_code: 'DE' },
    });
    expect(byName.get('Berlin (Hybrid)')).to.deep.equal({
      id: idOf.get('Berlin (Hybrid)'),
      name: 'Berlin (Hybrid)',
      is_remote: false,
      workplace_type: 'hybrid',
      address: { line1: 'Torstraße 140', city: 'Berlin', region: 'BE', postal_code: '10119', country_code: 'DE' },
    });
    expect(byName.get('Remote (Germany)')).to.deep.equal({
      id: idOf.get('Remote (Germany)'),
      name: 'Remote (Germany)',
      is_remote: true,
      workplace_type: 'remote',
      address: { country_code: 'DE' },
    });
    expect(byName.get('Remote (Worldwide)')).to.deep.equal({
      id: idOf.get('Remote (Worldwide)'),
      name: 'Remote (Worldwide)',
      is_remote: true,
      workplace_type: 'remote',
      address: {},
    });
  });

  it('answers the same first page for {} and for each empty level of the envelope', async () => {
    const first = (await list()).body;
    for (const body of [{}, { pagination: {} }, { pagination: { pagination: {} } }]) expect((await list(body)).body).to.deep.equal(first);
  });

  it('pages to the end and past it', async () => {
    const page1 = await list({ pagination: { pagination: { page: 1, limit: 5 } } });
    const page2 = await list({ pagination: { pagination: { page: 2, limit: 5 } } });
    const page3 = await list({ pagination: { pagination: { page: 3, limit: 5 } } });
    expect([...names(page1), ...names(page2), ...names(page3)]).to.deep.equal(ORDER);
    expect(page3.body.pagination).to.deep.equal({ current_page: 3, total_pages: 3, total_items: 12 });
    const past = await list({ pagination: { pagination: { page: 4, limit: 5 } } });
    expect(past.body).to.deep.equal({ locations: [], pagination: { current_page: 4, total_pages: 3, total_items: 12 } });
  });

  it('filters by name, case-insensitively', async () => {
    const res = await list({ query: 'BERLIN' });
    expect(names(res)).to.deep.equal(['Berlin', 'Berlin (Hybrid)']);
    expect(res.body.pagination).to.deep.equal({ current_page: 1, total_pages: 1, total_items: 2 });
    expect(names(await list({ query: '(hybrid)' }))).to.deep.equal(['Berlin (Hybrid)', 'London (Hybrid)']);
  });

  describe('workplace type, in both naming styles', () => {
    it('keeps the locations of one workplace type, whether the field is sent as workplace_type or workplaceType', async () => {
      const snake = await list({ workplace_type: 'remote' });
      const camel = await list({ workplaceType: 'remote' });
      expect(snake.status).to.equal(200);
      expect(names(snake)).to.deep.equal(['Remote (Europe)', 'Remote (Germany)', 'Remote (Worldwide)']);
      expect(camel.body).to.deep.equal(snake.body);
      expect(names(await list({ workplaceType: 'hybrid' }))).to.deep.equal(['Berlin (Hybrid)', 'London (Hybrid)', 'Paris']);
    });

    it('combines the workplace type with the name filter and paging', async () => {
      const res = await list({ workplaceType: 'onsite', query: 'a', pagination: { pagination: { page: 2, limit: 2 } } });
      // Onsite names containing "a": Amsterdam, Madrid, Vienna.
      expect(names(res)).to.deep.equal(['Vienna']);
      expect(res.body.pagination).to.deep.equal({ current_page: 2, total_pages: 2, total_items: 3 });
    });

    it('refuses an unknown workplace type and the same field sent in both styles', async () => {
      const bad = await list({ workplace_type: 'office' });
      expect(bad.status).to.equal(400);
      expect(bad.body).to.deep.equal(invalidArgument([{ field: 'workplace_type', message: 'must be one of: onsite, hybrid, remote' }]));
      const both = await list({ workplace_type: 'remote', workplaceType: 'remote' });
      expect(both.status).to.equal(400);
      expect(both.body).to.deep.equal(
        invalidArgument([{ field: 'workplaceType', message: 'is the same field as workplace_type: send only one of them' }]),
      );
    });
  });
});
