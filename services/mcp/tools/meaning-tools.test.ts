import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'chai';
import { createAllInOneApp } from '../../all-in-one';
import { indexFreshEmbeddedJobs } from '../../../test/fixtures/embedded-jobs';
import { MEANING_CATALOG, MEANING_JOBS as J } from '../../../test/fixtures/meaning-jobs';
import { testConfig, testDb, testLogger, testSearch } from '../../../test/support/context';

// The real model and Elasticsearch behind the MCP endpoint: search_jobs with mode, similar_jobs.

const structured = <T>(result: CallToolResult) => result.structuredContent as T;
const text = (result: CallToolResult) => (result.content[0] as { text: string }).text;
const call = (client: Client, name: string, args: Record<string, unknown>) =>
  client.callTool({ name, arguments: args }) as Promise<CallToolResult>;
interface Page {
  jobs: { id: string; title?: string; snippet?: string; description?: string }[];
}

describe('MCP tools of issue 30: search_jobs by meaning, similar_jobs', function () {
  this.timeout(60_000);
  let server: http.Server;
  let client: Client;

  before(async () => {
    await indexFreshEmbeddedJobs(MEANING_CATALOG, [J.companion.id]);
    server = http.createServer(createAllInOneApp({ config: testConfig(), db: testDb(), search: testSearch(), logger: testLogger }).handler);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    client = new Client({ name: 'mcp-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`)));
  });
  after(async () => {
    await client?.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('search_jobs takes mode and exclude_ids, and answers compact pages', async () => {
    const args = { q: 'looking after elderly people in their own homes', mode: 'semantic', limit: 2 };
    const first = structured<Page>(await call(client, 'search_jobs', args));
    expect(first.jobs[0].id).to.equal(J.domiciliaryCarer.id);
    expect(first.jobs[0]).to.include.keys('title', 'snippet').and.not.have.property('description');
    const more = structured<Page>(await call(client, 'search_jobs', { ...args, exclude_ids: first.jobs.map((job) => job.id) }));
    expect(more.jobs.map((job) => job.id)).to.not.include.members(first.jobs.map((job) => job.id));
  });

  it('similar_jobs answers the nearest jobs, compact, with a line per job, and errors the model can read', async () => {
    const result = await call(client, 'similar_jobs', { job_id: J.dataEngineer.id, limit: 1 });
    expect(structured<Page>(result).jobs.map((job) => job.id)).to.deep.equal([J.backendEngineer.id]);
    expect(structured<Page>(result).jobs[0]).to.include.keys('title', 'snippet').and.not.have.property('description');
    expect(text(result)).to.equal(
      `1 similar job, nearest first\n- Backend Software Engineer | Datawell | Leeds (id ${J.backendEngineer.id})`,
    );
    const pending = await call(client, 'similar_jobs', { job_id: J.companion.id });
    expect(pending.isError).to.equal(true);
    expect(JSON.parse(text(pending))).to.include({ code: 'embedding_pending' });
  });
});
