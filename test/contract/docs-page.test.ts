import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import type { BrowserContext } from 'playwright-core';
import { createAllInOneApp } from '../../services/all-in-one';
import { DOCS_EXAMPLES } from '../../shared/openapi/docs-examples';
import type { OpenApiDocument } from '../../shared/openapi/document-types';
import { resetDatabase, resetIndex, testConfig, testDb, testLogger, testSearch } from '../support/context';
import { createApiKey, createLocation, createOrganization, createResume, createUser } from '../support/factories';
import { httpClient } from '../support/http';
import { ensureChromium, launchChromium } from './chromium';

const run = promisify(execFile);
const ARTIFACTS = path.resolve(__dirname, '../../test-artifacts');

describe('the docs page, served by the running all-in-one process', function () {
  this.timeout(60_000);
  const app = createAllInOneApp({ config: testConfig(), db: testDb(), search: testSearch(), logger: testLogger });
  let server: http.Server;
  let baseUrl: string;
  let browser: { context: BrowserContext; close: () => Promise<void> } | undefined;
  let doc: OpenApiDocument;

  before(async function () {
    this.timeout(900_000); // a new machine installs chromium first
    await ensureChromium();
    server = http.createServer(app.handler);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    doc = (await httpClient(app.handler).get('/openapi.json').expect(200)).body;
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('renders every operation of the document from local files only, and saves a screenshot', async () => {
    const page = await browser!.context.newPage();
    const requests: string[] = [];
    const pageErrors: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    page.on('pageerror', (e) => pageErrors.push(e.message));
    // Whatever the page's Content-Security-Policy blocks (a script, a style, an image, a request).
    await page.addInitScript({
      content:
        "window.cspViolations = []; document.addEventListener('securitypolicyviolation', (e) => window.cspViolations.push(e.effectiveDirective + ' ' + e.blockedURI));",
    });
    const res = await page.goto(`${baseUrl}/docs`, { waitUntil: 'networkidle' });
    expect(res?.status()).to.equal(200);
    expect(res?.headers()['content-security-policy']).to.include("frame-ancestors 'none'").and.include("script-src 'self'");
    await page.waitForSelector('.opblock-summary', { timeout: 30_000 });

    const listed = await page.$$eval('.opblock-summary', (blocks) =>
      blocks.map((b) => {
        const method = b.querySelector('.opblock-summary-method')?.textContent?.trim() ?? '';
        const path = b.querySelector('.opblock-summary-path')?.getAttribute('data-path') ?? '';
        return `${method} ${path}`;
      }),
    );
    const documented = Object.entries(doc.paths).flatMap(([p, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${p}`));
    expect(documented.length).to.be.greaterThan(8);
    expect(listed).to.have.members(documented);

    const intro = await page.textContent('#getting-started');
    expect(intro).to.include('Getting started').and.include('npm run -s seed -- --json').and.include(`export BASE_URL='${baseUrl}'`);
    for (const example of DOCS_EXAMPLES) expect(intro).to.include(example.title);
    expect(await page.textContent('h1'))
      .to.include('Job Listing Agent API')
      .and.include('1.0.0');
    // The document's description, with the error catalogue, is rendered under the intro.
    expect(await page.textContent('.swagger-ui .info'))
      .to.include('resume_required')
      .and.include('x-request-id');

    // Offline: every file the page loads comes from this server (or is inline data).
    expect(requests.filter((url) => !url.startsWith(baseUrl) && !url.startsWith('data:'))).to.deep.equal([]);
    expect(requests).to.include.members([`${baseUrl}/docs/swagger-ui-bundle.js`, `${baseUrl}/openapi.json`]);
    expect(pageErrors).to.deep.equal([]);

    await mkdir(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: path.join(ARTIFACTS, 'docs.png'), fullPage: true });

    // One operation opened: its parameters and every documented status are shown.
    const apply = page.locator('#operations-Jobs-applyToJob');
    await apply.locator('.opblock-summary').click();
    await apply.locator('.responses-table').first().waitFor({ timeout: 10_000 });
    const statuses = await apply
      .locator('.responses-table > tbody > tr.response')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-code')));
    expect(statuses).to.deep.equal(Object.keys(doc.paths['/agents/jobs/{job_id}/apply'].post!.responses));
    expect(await apply.locator('.parameters').textContent()).to.include('job_id');
    await apply.screenshot({ path: path.join(ARTIFACTS, 'docs-apply.png') });

    // "Try it out" sends the request from the page: the policy lets it reach this server.
    const health = page.locator('#operations-Operations-health');
    await health.locator('.opblock-summary').click();
    await health.locator('.try-out__btn').click();
    await health.locator('.execute').click();
    const status = health.locator('.live-responses-table .response .response-col_status').first();
    await status.waitFor({ timeout: 10_000 });
    expect((await status.textContent())?.trim()).to.equal('200');

    // With the policy on, Swagger UI rendered and ran without being refused anything.
    expect(await page.evaluate('window.cspViolations')).to.deep.equal([]);
    expect(pageErrors).to.deep.equal([]);
    await page.close();
  });

  it('cannot be framed by a page of another origin (frame-ancestors none)', async () => {
    const page = await browser!.context.newPage();
    const framing = http.createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><iframe src="${baseUrl}/docs"></iframe>`),
    );
    await new Promise<void>((resolve) => framing.listen(0, '127.0.0.1', resolve));
    const messages: string[] = [];
    page.on('console', (m) => messages.push(m.text()));
    try {
      // The load event waits for the frame, loaded or refused.
      await page.goto(`http://127.0.0.1:${(framing.address() as AddressInfo).port}/`, { waitUntil: 'load' });
      // The refused frame holds the browser's error page, never the docs.
      expect(page.frames().map((f) => f.url()))
        .to.have.length(2)
        .and.not.include(`${baseUrl}/docs`);
      expect(messages.join('\n')).to.include("frame-ancestors 'none'");
    } finally {
      await page.close();
      framing.closeAllConnections();
      await new Promise((resolve) => framing.close(resolve));
    }
  });

  it('escapes the base URL it shows (it comes from the Host header)', async () => {
    const res = await httpClient(app.handler)
      .get('/docs')
      .set('Host', 'evil.example"><script>x()</script>')
      .expect(200)
      .expect('content-type', /^text\/html/);
    expect(res.text).to.not.include('<script>x()');
    expect(res.text).to.include('evil.example&quot;&gt;&lt;script&gt;x()&lt;/script&gt;');
  });

  it("runs every getting-started curl command with the demo users' keys, each answering 2xx", async () => {
    await resetDatabase();
    await resetIndex();
    const organization = await createOrganization({ name: 'Docs Example Org' });
    const location = await createLocation({ name: 'Docs Example City' });
    const recruiter = await createUser({ is_recruiter: true, memberOf: [organization.id] });
    const applicant = await createUser();
    await createResume(applicant.id);
    const recruiterKey = (await createApiKey(recruiter.id)).key;
    const applicantKey = (await createApiKey(applicant.id)).key;
    const created = await httpClient(app.handler)
      .post('/agents/jobs')
      .set('x-api-key', recruiterKey)
      .send({
        title: 'Platform Engineer',
        organization_id: organization.id,
        location_id: location.id,
        type: 'full_time',
        salary: 'EUR 80,000',
      })
      .expect(201);
    const env = {
      ...process.env,
      BASE_URL: baseUrl,
      RECRUITER_KEY: recruiterKey,
      APPLICANT_KEY: applicantKey,
      JOB_ID: created.body.id,
      ORG_ID: organization.id,
      LOCATION_ID: location.id,
    };
    for (const example of DOCS_EXAMPLES) {
      // --fail-with-body: curl exits non-zero on any status >= 400, still printing the error object.
      const script = `set -euo pipefail\ncurl() { command curl --fail-with-body --max-time 10 "$@"; }\n${example.command}`;
      const { stdout } = await run('bash', ['-c', script], { env }).catch((err) => {
        throw new Error(`"${example.title}" failed: ${err.stdout}${err.stderr}`);
      });
      expect(() => JSON.parse(stdout), `${example.title}: ${stdout}`).to.not.throw();
    }
    const jobs = await testDb().query<{ title: string }>('SELECT title FROM jobs ORDER BY created_at');
    expect(jobs.map((j) => j.title)).to.deep.equal(['Platform Engineer', 'Backend Engineer']);
    const [{ count }] = await testDb().query<{ count: string }>('SELECT count(*) FROM applications WHERE user_id = $1', [applicant.id]);
    expect(count).to.equal('1');
  });
});
