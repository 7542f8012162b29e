import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import fc from 'fast-check';
import { createAllInOneApp } from '../../services/all-in-one';
import { indexAllJobs } from '../../services/indexer';
import { ERROR_STATUS, type ErrorCode } from '../../shared/errors';
import type { OpenApiDocument, OperationObject } from '../../shared/openapi/document-types';
import { serve } from '../../shared/runtime/serve';
import { resetDatabase, resetIndex, testConfig, testDb, testLogger, testSearch } from './context';
import { createApiKey, createJob, createLocation, createOrganization, createProject, createResume, createUser } from './factories';
import { contractChecked } from './http';

/**
 * The target of the fuzz tests (issue 14): the whole API listening on a real port, with real
 * Postgres and Elasticsearch behind it and a little data in both, a raw HTTP client that sends
 * exactly the bytes it is given, and the property every answer must have.
 */

/** One request, as bytes on the wire: the path is sent unchanged (latin1), the body as given. */
export interface RawRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: Buffer;
}

/** A request as fast-check prints a counterexample: the body as a JSON string when it is UTF-8, else byte by byte (\\xHH); cut at 3 000 characters. */
export function describeRequest(request: RawRequest): string {
  const bytes = request.body ?? Buffer.alloc(0);
  const text = bytes.toString('utf8');
  const body = Buffer.from(text, 'utf8').equals(bytes)
    ? JSON.stringify(text)
    : [...bytes.toString('latin1')].map((c) => (c < ' ' || c > '~' ? `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}` : c)).join('');
  const shown = body.length > 3_000 ? `${body.slice(0, 3_000)}… (${bytes.length} bytes)` : body;
  return `${request.method} ${JSON.stringify(request.path)} headers=${JSON.stringify(request.headers ?? {})}${request.body ? ` body=${shown}` : ''}`;
}

/** Gives the request a readable form in fast-check's reports (see describeRequest). */
export function printable(request: RawRequest): RawRequest {
  return Object.defineProperty(request, fc.toStringMethod, { value: () => describeRequest(request), enumerable: false });
}

/** One answer as received. */
export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One operation of the served OpenAPI document. */
export interface DocumentOperation {
  method: 'GET' | 'POST';
  path: string;
  operation: OperationObject;
}

/** The ids and keys the fuzzers draw valid values from. */
export interface FuzzWorld {
  jobIds: string[];
  /** Valid ids by the name of the field or parameter that takes them. */
  idsByField: Record<string, string[]>;
  keys: { recruiter: string; applicant: string; applicantWithoutResume: string; revoked: string };
}

/** A listening API and a client of it. */
export interface FuzzTarget {
  world: FuzzWorld;
  document: OpenApiDocument;
  send(request: RawRequest): Promise<RawAnswer>;
  close(): Promise<void>;
}

/** A few organizations, locations, projects, users with keys and indexed jobs: enough to reach every code path. */
async function buildWorld(): Promise<FuzzWorld> {
  await resetDatabase();
  const index = await resetIndex();
  const organizations = [await createOrganization({ name: 'Acme' }), await createOrganization({ name: 'Globex' })];
  const locations = [await createLocation({ name: 'Berlin' }), await createLocation({ name: 'Remote', workplace_type: 'remote' })];
  const project = await createProject(organizations[0].id);
  const recruiter = await createUser({ is_recruiter: true, memberOf: [organizations[0].id] });
  const applicant = await createUser();
  await createResume(applicant.id);
  const withoutResume = await createUser();
  const jobIds: string[] = [];
  const types = ['full_time', 'part_time', 'contract', 'internship'] as const;
  for (let i = 0; i < 24; i++) {
    const job = await createJob({
      organization_id: organizations[i % 2].id,
      location_id: locations[i % 2].id,
      project_id: i % 6 === 0 ? project.id : null,
      title: `${['Backend', 'Data', 'Frontend'][i % 3]} Engineer ${i}`,
      type: types[i % types.length],
      skills: [['TypeScript', 'Go'], ['Python'], ['React', 'CSS']][i % 3],
      tags: ['#remote', '#hiring'],
      created_by: recruiter.id,
      created_at: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
    });
    jobIds.push(job.id);
  }
  await indexAllJobs(testDb(), testSearch(), index);
  return {
    jobIds,
    idsByField: {
      // The recruiter's organization first: most creates should get past the membership check.
      organization_id: [organizations[0].id, organizations[0].id, organizations[0].id, organizations[1].id],
      location_id: locations.map((l) => l.id),
      project_id: [project.id],
      job_id: jobIds,
    },
    keys: {
      recruiter: (await createApiKey(recruiter.id)).key,
      applicant: (await createApiKey(applicant.id)).key,
      applicantWithoutResume: (await createApiKey(withoutResume.id)).key,
      revoked: (await createApiKey(applicant.id, { revoked: true })).key,
    },
  };
}

/**
 * Sends one request as is. Resolves with the answer (a server that answers early, as with 413,
 * and then drops the rest of the body is fine); rejects when no answer comes.
 */
function sendRaw(port: number, request: RawRequest): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const headers = { ...request.headers, ...(request.body ? { 'content-length': String(request.body.length) } : {}) };
    const req = http.request({ host: '127.0.0.1', port, method: request.method, path: request.path, headers, agent: false });
    let answered = false;
    req.setTimeout(20_000, () => req.destroy(new Error('no answer within 20 s')));
    req.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', (err) => {
      if (!answered) reject(new Error(`${request.method} ${request.path}: ${err.message}`));
    });
    req.end(request.body);
  });
}

/**
 * Builds the world, then serves the whole API (contract-checked, rate limits off) on a free port,
 * through the very function the services listen with, so what Node's HTTP layer answers before
 * the app runs (a request target that is not UTF-8) is held to the same property.
 */
export async function startFuzzTarget(): Promise<FuzzTarget> {
  const world = await buildWorld();
  const config = testConfig({ readRateLimitPerMinute: 0, writeRateLimitPerMinute: 0 });
  const { handler } = createAllInOneApp({ config, db: testDb(), search: testSearch(), logger: testLogger });
  const served = await serve(contractChecked(handler), 0, testLogger, () => Promise.resolve(), testConfig());
  const { port } = served.server.address() as AddressInfo;
  const send = (request: RawRequest) => sendRaw(port, request);
  const document = await send({ method: 'GET', path: '/openapi.json' });
  expect(document.status, 'GET /openapi.json').to.equal(200);
  return { world, document: JSON.parse(document.body.toString('utf8')) as OpenApiDocument, send, close: served.close };
}

/** The operations of the served document with the given method: new ones are fuzzed without a change here. */
export function documentOperations(document: OpenApiDocument, method: 'GET' | 'POST'): DocumentOperation[] {
  return Object.entries(document.paths).flatMap(([path, item]) => {
    const operation = item[method.toLowerCase() as 'get' | 'post'];
    return operation ? [{ method, path, operation }] : [];
  });
}

const ERROR_KEYS = ['code', 'message', 'hint', 'details'];

/**
 * The property of every answer to any request: no 5xx, an x-request-id, and an error answer is
 * the JSON error object (spec 2.7) with a catalogued code of its very status.
 */
export function expectSaneAnswer(answer: RawAnswer): void {
  const text = answer.body.toString('utf8');
  const summary = `${answer.status} ${answer.headers['content-type'] ?? '(no content-type)'} ${text.slice(0, 300)}`;
  expect(answer.status, summary).to.be.below(500);
  expect(answer.headers['x-request-id'], `x-request-id of ${summary}`).to.be.a('string').and.not.equal('');
  if (answer.status < 400) return;
  expect(answer.headers['content-type'], summary).to.match(/^application\/json/);
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`the error answer is not JSON: ${summary}`);
  }
  expect(body, summary).to.be.an('object');
  expect(
    Object.keys(body).filter((key) => !ERROR_KEYS.includes(key)),
    `unexpected keys in ${summary}`,
  ).to.deep.equal([]);
  expect(ERROR_STATUS[body.code as ErrorCode], `status of code in ${summary}`).to.equal(answer.status);
  expect(body.message, summary).to.be.a('string').and.not.equal('');
  if (body.hint !== undefined) expect(body.hint, summary).to.be.a('string').and.not.equal('');
  if (body.details !== undefined) {
    expect(body.details, summary).to.be.an('array');
    for (const detail of body.details as Record<string, unknown>[]) {
      expect(detail.field, summary).to.be.a('string');
      expect(detail.message, summary).to.be.a('string');
    }
  }
}

/** Asserts the process still answers GET /healthz with 200. */
export async function expectAlive(target: FuzzTarget): Promise<void> {
  const health = await target.send({ method: 'GET', path: '/healthz' });
  expect(health.status, health.body.toString('utf8')).to.equal(200);
  expect(JSON.parse(health.body.toString('utf8'))).to.deep.equal({ status: 'ok' });
}
