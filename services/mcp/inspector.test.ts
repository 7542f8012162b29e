import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { createAllInOneApp } from '../all-in-one';
import { projectRoot } from '../../shared/runtime/project-root';
import { jobDocument, indexFreshJobs } from '../../test/fixtures/job-documents';
import { testConfig, testDb, testLogger, testSearch } from '../../test/support/context';

const run = promisify(execFile);
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

/** Runs the MCP Inspector's CLI mode (`mcp-inspector --cli`) and parses the JSON it prints. */
async function inspector<T>(args: string[], env: Record<string, string> = {}): Promise<T> {
  const bin = path.join(projectRoot(), 'node_modules', '.bin', 'mcp-inspector');
  const { stdout } = await run(bin, ['--cli', ...args], { cwd: projectRoot(), env: { ...process.env, ...env }, timeout: 60_000 });
  return JSON.parse(stdout) as T;
}

/** What the test reads of tools/list and of a search_jobs call. */
interface Listed {
  tools: { name: string }[];
}
interface Found {
  structuredContent: { jobs: { id: string }[] };
}

describe('the MCP Inspector CLI against this server', function () {
  this.timeout(90_000);
  let server: http.Server;
  let baseUrl: string;
  const job = jobDocument({ title: 'Inspector Engineer' });

  before(async () => {
    await indexFreshJobs([job]);
    const { handler } = createAllInOneApp({ config: testConfig(), db: testDb(), search: testSearch(), logger: testLogger });
    server = http.createServer(handler);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('lists every tool over stdio (npm run mcp)', async () => {
    const listed = await inspector<Listed>(
      ['node', '--import', 'tsx', path.join('services', 'mcp', 'stdio.ts'), '--method', 'tools/list'],
      {
        BASE_URL: baseUrl,
      },
    );
    expect(listed.tools.map((t) => t.name)).to.deep.equal(TOOL_NAMES);
  });

  it('lists the tools and calls search_jobs over Streamable HTTP at /mcp', async () => {
    const target = [`${baseUrl}/mcp`, '--transport', 'http'];
    const listed = await inspector<Listed>([...target, '--method', 'tools/list']);
    expect(listed.tools.map((t) => t.name)).to.deep.equal(TOOL_NAMES);
    const found = await inspector<Found>([...target, '--method', 'tools/call', '--tool-name', 'search_jobs', '--tool-arg', 'q=inspector']);
    expect(found.structuredContent.jobs.map((j) => j.id)).to.deep.equal([job.id]);
  });
});
