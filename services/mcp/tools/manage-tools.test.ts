import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'chai';
import { createAllInOneApp } from '../../all-in-one';
import { resetDatabase, resetIndex, testConfig, testDb, testLogger, testSearch } from '../../../test/support/context';
import { recruiterWorld, type RecruiterWorld } from '../../../test/support/manage-fixtures';

/** The structured answer of a tool call, in the shape the test reads. */
const structured = <T = Record<string, unknown>>(result: CallToolResult) => result.structuredContent as T;
const text = (result: CallToolResult) => (result.content[0] as { text: string }).text;
const errorOf = (result: CallToolResult) => {
  expect(result.isError, JSON.stringify(result)).to.equal(true);
  return JSON.parse(text(result)) as { code: string; message: string; hint?: string };
};
const call = (client: Client, name: string, args: Record<string, unknown> = {}) =>
  client.callTool({ name, arguments: args }) as Promise<CallToolResult>;

describe('MCP tools of issue 19: update_job, close_job, list_my_applications, withdraw_application', function () {
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

  it('a recruiter edits with the ETag the last answer gave, is refused a stale one, and closes the job', async () => {
    const recruiter = await connect(world.keys.recruiter);
    const created = structured<{ id: string }>(
      await call(recruiter, 'create_job', {
        title: 'Ward Sister',
        organization_id: world.acme.id,
        location_id: world.london.id,
        type: 'full_time',
        salary: '£38,890 - £44,503 pa',
      }),
    );
    const first = await call(recruiter, 'update_job', {
      job_id: created.id,
      if_match: 'W/"v1-open"',
      title: 'Senior Ward Sister',
      closing_date: null,
    });
    expect(structured(first)).to.include({ title: 'Senior Ward Sister', salary_min: 38890, salary_currency: 'GBP' });
    expect(text(first)).to.equal(`Updated job ${created.id}: Senior Ward Sister; its ETag is now W/"v2-open".`);
    const stale = errorOf(await call(recruiter, 'update_job', { job_id: created.id, if_match: 'W/"v1-open"', title: 'Lost change' }));
    expect(stale.code).to.equal('precondition_failed');
    const closed = await call(recruiter, 'close_job', { job_id: created.id });
    expect(structured(closed).is_active).to.equal(false);
    expect(errorOf(await call(recruiter, 'update_job', { job_id: created.id, title: 'Too late' })).code).to.equal('job_inactive');
    const { tools } = await recruiter.listTools();
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    expect(byName.update_job.inputSchema.properties).to.include.keys('job_id', 'if_match', 'title', 'salary_min', 'closing_date');
    expect(byName.close_job.annotations).to.deep.include({ readOnlyHint: false, destructiveHint: true, idempotentHint: true });
  });

  it('an applicant lists the applications made and withdraws one; another user cannot', async () => {
    const recruiter = await connect(world.keys.recruiter);
    const job = structured<{ id: string }>(
      await call(recruiter, 'create_job', {
        title: 'Porter',
        organization_id: world.acme.id,
        location_id: world.london.id,
        type: 'part_time',
        salary: '£11.50 per hour',
      }),
    );
    const applicant = await connect(world.keys.applicant);
    const application = structured<{ id: string }>(await call(applicant, 'apply_to_job', { job_id: job.id }));
    const listed = await call(applicant, 'list_my_applications', {});
    expect(structured<{ applications: { id: string }[] }>(listed).applications.map((a) => a.id)).to.deep.equal([application.id]);
    expect(text(listed)).to.equal(`1 of 1 applications, page 1 of 1\n- submitted: Porter | Acme (application ${application.id})`);
    expect(errorOf(await call(recruiter, 'withdraw_application', { application_id: application.id })).code).to.equal('not_found');
    const withdrawn = await call(applicant, 'withdraw_application', { application_id: application.id });
    expect(structured(withdrawn)).to.include({ id: application.id, status: 'withdrawn' });
    expect(structured(await call(applicant, 'list_my_applications', { status: 'withdrawn' })).applications).to.have.length(1);
  });
});
