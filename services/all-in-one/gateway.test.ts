import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { resetIndex, testConfig, testDb, testLogger, testSearch } from '../../test/support/context';
import { createAllInOneApp } from './app';
import { targetPath } from './gateway';

describe('the all-in-one gateway', () => {
  describe('targetPath', () => {
    it('reads the path of an origin-form target', () => {
      expect(['/agents/jobs', '/agents/jobs?limit=1', '/'].map(targetPath)).to.deep.equal(['/agents/jobs', '/agents/jobs', '/']);
    });

    it('reads the path of an absolute-form target, as Koa does', () => {
      expect(targetPath('http://localhost:3000/agents/jobs/search?q=x')).to.equal('/agents/jobs/search');
      expect(targetPath('HTTPS://api.example')).to.equal('/');
    });

    it('leaves any other target as it is, for the 404', () => {
      expect(targetPath('*')).to.equal('*');
    });
  });

  describe('over HTTP', () => {
    let server: http.Server;

    before(async () => {
      await resetIndex();
      const { handler } = createAllInOneApp({ config: testConfig(), db: testDb(), search: testSearch(), logger: testLogger });
      server = http.createServer(handler);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    });
    after(() => new Promise<void>((resolve) => server.close(() => resolve())));

    // Raw http rather than the test client: supertest cannot send an absolute-form target.
    const get = (target: string) =>
      new Promise<{ status: number; body: unknown }>((resolve, reject) => {
        const { port } = server.address() as AddressInfo;
        const req = http.request({ host: '127.0.0.1', port, method: 'GET', path: target }, (res) => {
          let text = '';
          res.on('data', (chunk) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
        });
        req.on('error', reject);
        req.end();
      });

    it('sends an absolute-form request to the app that serves its path (it answered 405 "Use GET")', async () => {
      const { port } = server.address() as AddressInfo;
      const res = await get(`http://127.0.0.1:${port}/agents/jobs?limit=1`);
      expect(res).to.deep.equal({
        status: 200,
        body: { jobs: [], pagination: { current_page: 1, total_pages: 0, total_items: 0, total_relation: 'eq' } },
      });
    });
  });
});
