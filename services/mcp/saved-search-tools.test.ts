import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'chai';
import { createAllInOneApp } from '../all-in-one';
import { resetDatabase, resetIndex, testConfig, testDb, testLogger, testSearch } from '../../test/support/context';
import { createJob, recordMatch } from '../../test/support/factories';
import { recruiterWorld, type RecruiterWorld } from '../../test/support/manage-fixtures';

/** The structured answer of a tool call, in the shape the test reads. */
const structured = <T = Record<string, unknown>>(result: CallToolResult) => result.structuredContent as T;
const text = (result: CallToolResult) => (result.content[0] as { text: string }).text;
const errorOf = (result: CallToolResult) => {
  expect(result.isError, JSON.stringify(result)).to.equal(true);
  return JSON.parse(text(result)) as { code: string; message: string; hint?: string; details?: { field: string; message: string }[] };
};
const call = (client: Client, name: string, args: Record<string, unknown> = {}) =>
  client.callTool({ name, arguments: args }) as Promise<CallToolResult>;

type Matches = { matches: { matched_at: string; job: Record<string, unknown> }[]; next_cursor: string; has_more: boolean };

describe('MCP tools of issue 31: save_search, list_saved_searches, get_new_matches, delete_saved_search', function () {
  this.timeout(60_000);
  let server: http.Server;
  let world: RecruiterWorld;
  const clients: Client[] = [];

  const connect = async (key: string) => {
    const client = new Client({ name: 'mcp-test', version: '1.0.0' });
    const url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`);
    await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: { 'x-api-key': key } } }));
    clients.push(client);
    return client;
  };

  before(async () => {
    await resetDatabase();
    await resetIndex();
    world = await recruiterWorld();
    server = http.createServer(createAllInOneApp({ config: testConfig(), db: testDb(), search: testSearch(), logger: testLogger }).handler);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  after(async () => {
    for (const client of clients) await client.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('lists the four tools with the search parameters flat (lists as arrays) and honest annotations', async () => {
    const { tools } = await (await connect(world.keys.applicant)).listTools();
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    const save = byName.save_search;
    expect(save.inputSchema.required).to.deep.equal(['q']);
    expect(save.inputSchema.properties).to.include.keys('name', 'q', 'job_types', 'location_ids', 'skills', 'mode', 'salary_min');
    expect(save.inputSchema.properties).to.not.have.any.keys('page', 'cursor', 'sort', 'fields', 'facets', 'params');
    expect((save.inputSchema.properties as Record<string, { type?: string }>).job_types.type).to.equal('array');
    expect(save.annotations).to.deep.include({ readOnlyHint: false, destructiveHint: false, idempotentHint: true });
    expect(byName.list_saved_searches.annotations).to.deep.include({ readOnlyHint: true });
    // Reading the new matches moves the read position: not read-only, not idempotent.
    expect(byName.get_new_matches.annotations).to.deep.include({ readOnlyHint: false, idempotentHint: false });
    expect(byName.get_new_matches.inputSchema.required).to.deep.equal(['saved_search_id']);
    expect(byName.list_saved_searches.inputSchema.required ?? []).to.deep.equal([]);
    expect(byName.delete_saved_search.annotations).to.deep.include({ destructiveHint: true });
  });

  it('saves a search from arrays, answers the same one when saved again, and refuses what the search would refuse', async () => {
    const agent = await connect(world.keys.applicant);
    const saved = await call(agent, 'save_search', { name: 'Clinical', q: 'nurse', job_types: ['full_time', 'contract'] });
    const search = structured<{ id: string; name: string; params: Record<string, unknown>; new_matches: number }>(saved);
    expect(search).to.deep.include({ name: 'Clinical', params: { q: 'nurse', job_types: 'full_time,contract' }, new_matches: 0 });
    expect(text(saved)).to.equal(`Saved search Clinical (id ${search.id}); read its new matches with get_new_matches.`);
    const again = await call(agent, 'save_search', { name: 'Clinical', q: 'nurse', job_types: ['full_time', 'contract'] });
    expect(structured<{ id: string }>(again).id).to.equal(search.id);
    // The tool's schema checks the values it can; the API checks the rest by the search's own rules.
    const gig = errorOf(await call(agent, 'save_search', { q: 'nurse', job_types: ['gig'] }));
    expect(gig.code).to.equal('invalid_request');
    expect(gig.details?.[0].field).to.equal('job_types.0');
    const pay = errorOf(await call(agent, 'save_search', { q: 'nurse', salary_min: 30000 }));
    expect(pay.code).to.equal('invalid_request');
    expect(pay.hint).to.be.a('string');
    expect(pay.details?.[0]).to.include({ field: 'params.salary_min' });
    expect(errorOf(await call(agent, 'save_search', { q: 'nurse', page: 2 })).code).to.equal('invalid_request');
    const listed = await call(agent, 'list_saved_searches', {});
    expect(text(listed)).to.equal(`1 of 1 saved searches, page 1 of 1\n- Clinical: 0 new matches (id ${search.id})`);
  });

  it('gets each new match once, compact, re-reads from a kept cursor, and deletes the saved search', async () => {
    const agent = await connect(world.keys.applicant);
    const search = structured<{ id: string }>(await call(agent, 'save_search', { q: 'porter' }));
    const start = structured<Matches>(await call(agent, 'get_new_matches', { saved_search_id: search.id }));
    expect(start.matches).to.deep.equal([]);
    const a = await createJob({ title: 'Porter', organization_id: world.acme.id, location_id: world.london.id });
    const b = await createJob({ title: 'Night Porter', organization_id: world.acme.id, location_id: world.london.id });
    await recordMatch(search.id, a.id);
    await recordMatch(search.id, b.id);
    await testDb().query(`UPDATE jobs SET is_active = false, version = version + 1 WHERE id = $1`, [b.id]);
    const listed = structured<{ saved_searches: { id: string; new_matches: number }[] }>(await call(agent, 'list_saved_searches', {}));
    expect(listed.saved_searches.find((s) => s.id === search.id)?.new_matches).to.equal(2);

    const first = await call(agent, 'get_new_matches', { saved_search_id: search.id, limit: 1 });
    const page = structured<Matches>(first);
    expect(page.matches.map((m) => m.job.id)).to.deep.equal([a.id]);
    expect(page.matches[0].job).to.not.have.property('description');
    expect(page.matches[0].job).to.include({ title: 'Porter', organization: 'Acme', is_active: true });
    expect(page.has_more).to.equal(true);
    expect(text(first)).to.equal(
      `1 new matches; more follow: call again (next_cursor=${page.next_cursor})\n- Porter | Acme | London (id ${a.id})`,
    );
    const second = await call(agent, 'get_new_matches', { saved_search_id: search.id });
    expect(structured<Matches>(second).matches.map((m) => m.job.id)).to.deep.equal([b.id]);
    expect(text(second)).to.match(/no more for now/);
    expect(text(second)).to.include(`- Night Porter | Acme | London (closed) (id ${b.id})`);
    expect(structured<Matches>(await call(agent, 'get_new_matches', { saved_search_id: search.id })).matches).to.deep.equal([]);
    const reread = await call(agent, 'get_new_matches', { saved_search_id: search.id, cursor: start.next_cursor });
    expect(structured<Matches>(reread).matches.map((m) => m.job.id)).to.deep.equal([a.id, b.id]);
    expect(errorOf(await call(agent, 'get_new_matches', { saved_search_id: search.id, cursor: 'junk' })).code).to.equal('invalid_request');

    // Another user sees none of it.
    const other = await connect(world.keys.recruiter);
    expect(errorOf(await call(other, 'get_new_matches', { saved_search_id: search.id })).code).to.equal('not_found');
    expect(errorOf(await call(other, 'delete_saved_search', { saved_search_id: search.id })).code).to.equal('not_found');

    const deleted = await call(agent, 'delete_saved_search', { saved_search_id: search.id });
    expect(deleted.isError, JSON.stringify(deleted)).to.not.equal(true);
    expect(structured(deleted)).to.deep.equal({ saved_search_id: search.id, deleted: true });
    expect(text(deleted)).to.equal(`Deleted saved search ${search.id}.`);
    expect(errorOf(await call(agent, 'delete_saved_search', { saved_search_id: search.id })).code).to.equal('not_found');
    expect(errorOf(await call(agent, 'get_new_matches', { saved_search_id: search.id })).code).to.equal('not_found');
  });
});
