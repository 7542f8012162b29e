import type http from 'node:http';
import supertest from 'supertest';
import { createAllInOneApp } from '../../services/all-in-one';
import type { OpenApiDocument } from '../../shared/openapi/document-types';
import { ResponseContract, type ObservedResponse } from '../../shared/openapi/response-contract';
import { testConfig, testDb, testLogger, testSearch } from './context';

/** Problems found so far; the root hooks fail the test during which one appeared (see issue 7). */
export const contractViolations: string[] = [];

/** Responses received and not yet checked (checking needs the document, which loads asynchronously). */
const received: ObservedResponse[] = [];

/**
 * Records one response (status, headers and body) for the check against the OpenAPI document;
 * `takeContractViolations` checks it. Called by the test HTTP client on every response.
 */
export function checkResponse(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer): void {
  received.push({
    method: req.method ?? 'GET',
    url: req.url ?? '/',
    status: res.statusCode,
    headers: { ...res.getHeaders() },
    body,
  });
}

/** The document the all-in-one process serves at /openapi.json (the whole API), as a client gets it. */
export async function servedDocument(): Promise<OpenApiDocument> {
  const { handler } = createAllInOneApp({ config: testConfig(), db: testDb(), search: testSearch(), logger: testLogger });
  const res = await supertest(handler).get('/openapi.json');
  if (res.status !== 200) throw new Error(`GET /openapi.json answered ${res.status}: ${res.text}`);
  return res.body as OpenApiDocument;
}

let contract: Promise<ResponseContract> | undefined;

/** The contract every response of the integration suite is held to, built once per run. */
export function apiContract(): Promise<ResponseContract> {
  return (contract ??= servedDocument().then((doc) => new ResponseContract(doc)));
}

/** Checks the responses received since the last call, and returns and clears every violation so far. */
export async function takeContractViolations(): Promise<string[]> {
  if (received.length > 0) {
    const checker = await apiContract();
    for (const response of received.splice(0)) contractViolations.push(...checker.check(response));
  }
  return contractViolations.splice(0);
}
