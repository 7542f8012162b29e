import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'chai';
import { createAllInOneApp } from '../all-in-one';
import { projectRoot } from '../../shared/runtime/project-root';
import { jobDocument, indexFreshJobs } from '../../test/fixtures/job-documents';
import { resetDatabase, testConfig, testDb, testLogger, testSearch } from '../../test/support/context';
import { createApiKey, createLocation, createOrganization, createResume, createUser } from '../../test/support/factories';

const TOOL_NAMES = [
  'search_jobs',
  'browse_jobs',
  'get_job',
  'similar_jobs',
  'list_organizations',
  'list_locations',
  'apply_to_job',
  'list_my_applications',
  'withdraw_application',
  'save_search',
  'list_saved_searches',
  'get_new_matches',
  'delete_saved_search',
  'create_job',
  'update_job',
  'close_job',
];

/** A realistic posting: a description of about 2 000 characters, which a compact page must not carry. */
const DESCRIPTION = 'You will design, build and run the backend services that match people with jobs. '.repeat(25);
const JOBS = Array.from({ length: 14 }, (_, i) =>
  jobDocument({
    title: `Senior Backend Engineer ${i + 1}`,
    description: DESCRIPTION,
    organization: 'Acme Recruiting Platforms GmbH',
    location: 'Berlin, Germany',
    salary: '€70,000 - €90,000 a year',
    experience: 'Senior',
    skills: ['TypeScript', 'PostgreSQL', 'Elasticsearch', 'Kubernetes'],
    tags: ['remote-friendly', 'visa-sponsorship'],
    responsibilities: ['Own the search service', 'Mentor two engineers'],
    resume_score_threshold: 80,
    generate_screening: true,
    closing_date: '2099-12-31',
    created_at: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
  }),
);

/** The structured answer of a tool call, in the shape the test reads. */
const structured = <T = Record<string, unknown>>(result: CallToolResult) => result.structuredContent as T;
interface JobPage {
  jobs: { id: string; snippet: string }[];
  pagination: { next_cursor?: string };
}
const errorOf = (result: CallToolResult) => {
  expect(result.isError, JSON.stringify(result)).to.equal(true);
  return JSON.parse((result.content[0] as { text: string }).text) as { code: string; message: string; hint?: string };
};
const call = (client: Client, name: string, args: Record<string, unknown> = {}) =>
  client.callTool({ name, arguments: args }) as Promise<CallToolResult>;

/** What both transports must do alike: list the tools, a compact search page, the next page by cursor, an error. */
function behavesAsTheApi(connect: (key?: string) => Promise<Client>) {
  let client: Client;
  before(async () => {
    client = await connect();
  });
  after(() => client.close());

  it('initializes and lists every tool with input and output schemas and annotations', async () => {
    expect(client.getServerVersion()).to.deep.include({ name: 'job-listing-agent-api', version: '1.0.0' });
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).to.deep.equal(TOOL_NAMES);
    for (const tool of tools) {
      expect(tool.inputSchema.type, tool.name).to.equal('object');
      expect(tool.outputSchema?.type, tool.name).to.equal('object');
      expect(tool.annotations, tool.name).to.have.property('readOnlyHint');
      expect(tool.description!.length, tool.name).to.be.within(100, 1000);
    }
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    expect(byName.search_jobs.inputSchema.properties!.job_types).to.deep.include({ type: 'array' });
    expect(byName.get_job.annotations).to.deep.include({ readOnlyHint: true });
    expect(byName.create_job.annotations).to.deep.include({ readOnlyHint: false, idempotentHint: false, destructiveHint: false });
  });

  it('search_jobs answers a compact page of 10 under 6 KB, without recruiter settings, and the next page by cursor', async () => {
    const first = await call(client, 'search_jobs', { q: 'backend engineer', job_types: ['full_time', 'contract'] });
    const page = structured<JobPage>(first);
    expect(page.jobs).to.have.length(10);
    expect(JSON.stringify(page).length).to.be.below(6 * 1024);
    for (const job of page.jobs) {
      expect(job).to.not.have.any.keys('description', 'resume_score_threshold', 'generate_screening');
      expect(job.snippet.length).to.be.within(100, 200);
    }
    expect((first.content[0] as { text: string }).text).to.match(/^10 of 14 jobs, page 1; next page: cursor=/);
    const second = structured<JobPage>(
      await call(client, 'search_jobs', {
        q: 'backend engineer',
        job_types: ['full_time', 'contract'],
        cursor: page.pagination.next_cursor,
      }),
    );
    expect(second.jobs).to.have.length(4);
    expect(second.pagination).to.not.have.property('next_cursor');
    const ids = [...page.jobs, ...second.jobs].map((j) => j.id);
    expect(new Set(ids).size).to.equal(14);
  });

  it('turns an API error into an isError result with code, message and hint', async () => {
    const missing = errorOf(await call(client, 'get_job', { job_id: '00000000-0000-4000-8000-000000000000' }));
    expect(missing.code).to.equal('not_found');
    expect(missing.hint).to.be.a('string');
    const unauthenticated = errorOf(await call(client, 'apply_to_job', { job_id: JOBS[0].id }));
    expect(unauthenticated).to.deep.include({ code: 'unauthenticated' });
    expect(unauthenticated.hint).to.include('ask the operator of this service for an API key');
  });
}

describe('the MCP server', function () {
  this.timeout(60_000);
  let server: http.Server;
  let baseUrl: string;
  let recruiterKey: string;
  let applicantKey: string;
  let organizationId: string;
  let locationId: string;

  before(async () => {
    await resetDatabase();
    await indexFreshJobs(JOBS);
    const organization = await createOrganization({ name: 'Acme Recruiting Platforms GmbH' });
    const location = await createLocation({ name: 'Berlin, Germany' });
    organizationId = organization.id;
    locationId = location.id;
    const recruiter = await createUser({ is_recruiter: true, memberOf: [organization.id] });
    recruiterKey = (await createApiKey(recruiter.id)).key;
    const applicant = await createUser();
    await createResume(applicant.id);
    applicantKey = (await createApiKey(applicant.id)).key;
    const { handler } = createAllInOneApp({ config: testConfig(), db: testDb(), search: testSearch(), logger: testLogger });
    server = http.createServer(handler);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const overHttp = async (key?: string, header: 'bearer' | 'x-api-key' = 'bearer') => {
    const client = new Client({ name: 'mcp-test', version: '1.0.0' });
    const headers: Record<string, string> = key ? (header === 'bearer' ? { Authorization: `Bearer ${key}` } : { 'x-api-key': key }) : {};
    await client.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), { requestInit: { headers } }));
    return client;
  };

  describe('over Streamable HTTP at /mcp', () => {
    behavesAsTheApi((key) => overHttp(key));

    it('calls every tool: lists, browse, get, create with a recruiter key, apply with an applicant key', async () => {
      const reader = await overHttp();
      const organizations = structured<{ organizations: { id: string }[] }>(await call(reader, 'list_organizations', { query: 'acme' }));
      expect(organizations.organizations.map((o) => o.id)).to.deep.equal([organizationId]);
      const locations = structured<{ locations: { id: string }[] }>(await call(reader, 'list_locations', { query: 'berlin', limit: 5 }));
      expect(locations.locations.map((l) => l.id)).to.deep.equal([locationId]);
      const browsed = structured<JobPage>(await call(reader, 'browse_jobs', { job_type: 'full_time', limit: 3 }));
      expect(browsed.jobs.map((j) => j.id)).to.deep.equal([JOBS[13].id, JOBS[12].id, JOBS[11].id]);
      const full = structured(await call(reader, 'get_job', { job_id: JOBS[0].id }));
      expect(full.description).to.equal(DESCRIPTION);
      expect(full).to.not.have.any.keys('resume_score_threshold', 'generate_screening');
      await reader.close();

      const recruiter = await overHttp(recruiterKey, 'x-api-key');
      const posting = {
        title: 'Staff Search Engineer',
        organization_id: organizationId,
        location_id: locationId,
        type: 'full_time',
        salary: '€100,000',
        idempotency_key: 'mcp-test-1',
      };
      const created = structured<{ id: string }>(await call(recruiter, 'create_job', posting));
      expect(created).to.deep.include({ title: 'Staff Search Engineer', generate_screening: false });
      expect(structured<{ id: string }>(await call(recruiter, 'create_job', posting)).id, 'a retry with the same key').to.equal(created.id);
      await recruiter.close();

      const applicant = await overHttp(applicantKey);
      const application = structured(await call(applicant, 'apply_to_job', { job_id: created.id }));
      expect(application).to.deep.include({ job_id: created.id, status: 'submitted' });
      expect(errorOf(await call(applicant, 'apply_to_job', { job_id: created.id })).code).to.equal('already_applied');
      await applicant.close();
    });

    it("counts its tools' API calls against the caller's own read limit, as direct calls", async () => {
      const { handler } = createAllInOneApp({
        config: testConfig({ readRateLimitPerMinute: 2 }),
        db: testDb(),
        search: testSearch(),
        logger: testLogger,
      });
      const limited = http.createServer(handler);
      await new Promise<void>((resolve) => limited.listen(0, '127.0.0.1', resolve));
      const client = new Client({ name: 'mcp-test', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${(limited.address() as AddressInfo).port}/mcp`)));
      try {
        for (let i = 0; i < 2; i++) expect((await call(client, 'get_job', { job_id: JOBS[0].id })).isError).to.equal(undefined);
        const refused = errorOf(await call(client, 'get_job', { job_id: JOBS[0].id }));
        expect(refused.code).to.equal('rate_limited');
        expect(refused.hint).to.match(/^Retry after \d+ seconds\.$/);
      } finally {
        await client.close();
        await new Promise<void>((resolve) => limited.close(() => resolve()));
      }
    });

    it('answers arguments that break the input schema as an isError result naming them', async () => {
      const client = await overHttp();
      const bad = errorOf(await call(client, 'search_jobs', { q: 'x', limit: 1000, job_types: ['permanent'] }));
      expect(bad.code).to.equal('invalid_request');
      expect(bad.message).to.include('limit must be <= 100');
      await client.close();
    });

    it('answers CORS preflights: tools without a key for any origin, a key only for the CORS_WRITE_ORIGINS', async () => {
      const preflight = (headers: string) =>
        fetch(`${baseUrl}/mcp`, {
          method: 'OPTIONS',
          headers: { origin: 'https://agent.example', 'access-control-request-method': 'POST', 'access-control-request-headers': headers },
        });
      const open = await preflight('content-type, mcp-protocol-version');
      expect(open.status).to.equal(204);
      expect(open.headers.get('access-control-allow-origin')).to.equal('*');
      expect(open.headers.get('access-control-allow-methods')).to.equal('POST');
      const keyed = await preflight('content-type, authorization');
      expect(keyed.status).to.equal(204);
      expect(keyed.headers.get('access-control-allow-origin')).to.equal(null);

      const page = await fetch(`${baseUrl}/mcp`, {
        method: 'POST',
        headers: { origin: 'https://agent.example', 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect(page.status).to.equal(200);
      expect(page.headers.get('access-control-allow-origin')).to.equal('*');
    });

    it('lets a page of a CORS_WRITE_ORIGINS origin send its key to /mcp', async () => {
      const { handler } = createAllInOneApp({
        config: { ...testConfig(), corsWriteOrigins: ['https://app.example'] },
        db: testDb(),
        search: testSearch(),
        logger: testLogger,
      });
      const trusted = http.createServer(handler);
      await new Promise<void>((resolve) => trusted.listen(0, '127.0.0.1', resolve));
      try {
        const res = await fetch(`http://127.0.0.1:${(trusted.address() as AddressInfo).port}/mcp`, {
          method: 'OPTIONS',
          headers: {
            origin: 'https://app.example',
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'content-type, authorization',
          },
        });
        expect(res.status).to.equal(204);
        expect(res.headers.get('access-control-allow-origin')).to.equal('https://app.example');
        expect(res.headers.get('access-control-allow-headers')).to.contain('Authorization');
      } finally {
        await new Promise<void>((resolve) => trusted.close(() => resolve()));
      }
    });

    it('refuses GET on /mcp (a stateless server has no stream to open), with the request id and security headers of every answer', async () => {
      const res = await fetch(`${baseUrl}/mcp`, { headers: { 'x-request-id': 'trace-1' } });
      expect(res.status).to.equal(405);
      expect(res.headers.get('allow')).to.equal('POST');
      expect(res.headers.get('x-request-id')).to.equal('trace-1');
      expect(res.headers.get('x-content-type-options')).to.equal('nosniff');
      expect(await res.json()).to.deep.include({ code: 'method_not_allowed' });
    });
  });

  describe('over stdio (npm run mcp)', () => {
    it('answers an isError result `unavailable` when the API at BASE_URL does not answer', async () => {
      const client = new Client({ name: 'mcp-test', version: '1.0.0' });
      const closed = http.createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
      await new Promise<void>((resolve) => closed.close(() => resolve()));
      await client.connect(
        new StdioClientTransport({
          command: process.execPath,
          args: ['--import', 'tsx', path.join('services', 'mcp', 'stdio.ts')],
          cwd: projectRoot(),
          env: { PATH: process.env.PATH ?? '', BASE_URL: deadUrl },
          stderr: 'ignore',
        }),
      );
      try {
        const down = errorOf(await call(client, 'get_job', { job_id: JOBS[0].id }));
        expect(down.code).to.equal('unavailable');
        expect(down.hint).to.include('Retry');
      } finally {
        await client.close();
      }
    });

    behavesAsTheApi(async (key) => {
      const client = new Client({ name: 'mcp-test', version: '1.0.0' });
      await client.connect(
        new StdioClientTransport({
          command: process.execPath,
          args: ['--import', 'tsx', path.join('services', 'mcp', 'stdio.ts')],
          cwd: projectRoot(),
          env: { PATH: process.env.PATH ?? '', BASE_URL: baseUrl, ...(key ? { JLA_API_KEY: key } : {}) },
          stderr: 'ignore',
        }),
      );
      return client;
    });
  });
});
