import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { createJobListingClient } from '../../clients/typescript/index';
import { driftedFiles } from '../../scripts/generate-client';
import { createAllInOneApp } from '../../services/all-in-one';
import { projectRoot } from '../../shared/runtime/project-root';
import { jobDocument, indexFreshJobs } from '../fixtures/job-documents';
import { testConfig, testDb, testLogger, testSearch } from '../support/context';
import { contractChecked } from '../support/http';

const run = promisify(execFile);

describe('the generated TypeScript client (clients/typescript)', () => {
  it('is what `npm run client:generate` makes from the document now (no drift)', async function () {
    this.timeout(60_000);
    expect(await driftedFiles(), 'run `npm run client:generate` and commit the result').to.deep.equal([]);
  });

  it('compiles with strict settings, the README example included', async function () {
    this.timeout(60_000);
    const tsc = path.join(projectRoot(), 'node_modules', '.bin', 'tsc');
    const result = await run(tsc, ['-p', path.join(projectRoot(), 'clients', 'typescript', 'tsconfig.json')]).catch(
      (err: { stdout: string }) => err,
    );
    expect(result.stdout).to.equal('');
  });

  describe('against the API over HTTP', () => {
    const FULL = jobDocument({ title: 'Backend Engineer', type: 'full_time', created_at: '2026-03-03T00:00:00.000Z' });
    const CONTRACT = jobDocument({ title: 'Backend Engineer, contract', type: 'contract', created_at: '2026-03-02T00:00:00.000Z' });
    const PART = jobDocument({ title: 'Backend Engineer, part time', type: 'part_time', created_at: '2026-03-01T00:00:00.000Z' });
    let server: http.Server;
    let baseUrl: string;
    const sent: string[] = [];
    const recording = (request: Request) => {
      sent.push(request.url);
      return fetch(request);
    };

    before(async () => {
      await indexFreshJobs([FULL, CONTRACT, PART]);
      const { handler } = createAllInOneApp({ config: testConfig(), db: testDb(), search: testSearch(), logger: testLogger });
      server = http.createServer(contractChecked(handler));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    after(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('round-trips a search with two values in one multi-value filter, sent as one comma list', async () => {
      const api = createJobListingClient({ baseUrl, fetch: recording });
      const { data, error, response } = await api.GET('/agents/jobs/search', {
        params: { query: { q: 'backend engineer', job_types: ['full_time', 'contract'], fields: ['title', 'type'] } },
      });
      expect(error).to.equal(undefined);
      expect(response.status).to.equal(200);
      expect(new URL(sent.at(-1)!).searchParams.get('job_types')).to.equal('full_time,contract');
      expect(data!.jobs.map((job) => job.id).sort()).to.deep.equal([FULL.id, CONTRACT.id].sort());
      expect(data!.pagination.total_items).to.equal(2);
    });

    it('answers an error object with its hint, and a 304 with neither data nor error', async () => {
      const api = createJobListingClient({ baseUrl });
      const bad = await api.GET('/agents/jobs/search', { params: { query: { q: 'x', limit: 500 } } });
      expect(bad.response.status).to.equal(400);
      expect(bad.error).to.deep.include({ code: 'invalid_request' });
      expect(bad.error!.hint).to.be.a('string');

      const first = await api.GET('/agents/jobs/{job_id}', { params: { path: { job_id: FULL.id } } });
      expect(first.data!.title).to.equal(FULL.title);
      const etag = first.response.headers.get('etag')!;
      // As a client sends it by default: fetch adds `Cache-Control: no-cache` to a request with
      // If-None-Match, and the server still evaluates the tag (shared/http/if-none-match).
      const again = await api.GET('/agents/jobs/{job_id}', { params: { path: { job_id: FULL.id }, header: { 'If-None-Match': etag } } });
      expect(again.response.status).to.equal(304);
      expect(again.data).to.equal(undefined);
    });
  });
});
