import { expect } from 'chai';
import fc from 'fast-check';
import { assertEveryAnswerSane } from '../support/fuzz-run';
import { documentOperations, expectAlive, startFuzzTarget, type DocumentOperation, type FuzzTarget } from '../support/fuzz-target';
import { forgedCursorGet, hostileGet, type CursorSeed } from '../support/query-arbitraries';
import type { SchemaContext } from '../support/schema-values';

/**
 * Issue 14: hostile query strings, path segments and header parameters for every GET operation
 * of the served OpenAPI document (a new operation is fuzzed without a change here), against the
 * whole API on a real port with Postgres and Elasticsearch. No answer may be a 5xx, every error
 * is the JSON error object with an x-request-id, and /healthz answers afterwards.
 * FUZZ_SEED (and FUZZ_PATH) replay a failure; FUZZ_RUNS_SCALE=10 runs ten times as many cases.
 */

/** A real next_cursor of each operation that pages with one, from its first page of one job. */
async function cursorSeeds(target: FuzzTarget, operations: DocumentOperation[]): Promise<CursorSeed[]> {
  const seeds: CursorSeed[] = [];
  for (const { path, operation } of operations) {
    const parameters = operation.parameters ?? [];
    if (!parameters.some((p) => p.in === 'query' && p.name === 'cursor')) continue;
    // The fuzzer sends no key, so a keyed operation (a saved search's matches) answers 401 before reading a cursor.
    if ((operation.security ?? []).length > 0) continue;
    const required = parameters.filter((p) => p.in === 'query' && p.required).map((p) => `${p.name}=engineer`);
    const query = [...required, 'limit=1'].join('&');
    const answer = await target.send({ method: 'GET', path: `${path}?${query}` });
    const cursor = JSON.parse(answer.body.toString('utf8')).pagination?.next_cursor;
    expect(cursor, `next_cursor of GET ${path}?${query}: ${answer.body.toString('utf8')}`).to.be.a('string');
    seeds.push({ path, query: required.join('&'), cursor });
  }
  return seeds;
}

describe('fuzzing the query parameters of every GET operation (issue 14)', function () {
  this.timeout(120_000);
  let target: FuzzTarget;
  let operations: DocumentOperation[];
  let context: SchemaContext;
  let seeds: CursorSeed[];

  before(async () => {
    target = await startFuzzTarget();
    operations = documentOperations(target.document, 'GET');
    context = { document: target.document, idsByField: target.world.idsByField };
    seeds = await cursorSeeds(target, operations);
  });

  after(async () => {
    await target?.close();
  });

  it('takes its operations from /openapi.json: browse, search and get by id among them', () => {
    const ids = operations.map((o) => o.operation.operationId);
    expect(ids).to.include.members(['browseJobs', 'searchJobs', 'getJob']);
    expect(seeds.map((s) => s.path)).to.include.members(['/agents/jobs', '/agents/jobs/search']);
  });

  it('answers hostile query strings without a 5xx, every error as the JSON error object', async () => {
    // The operations with parameters get most of the cases; the others still meet unknown parameters.
    const withParameters = operations.filter((o) => (o.operation.parameters ?? []).some((p) => p.in !== 'header'));
    const requests = fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...withParameters).chain((o) => hostileGet(o, context)) },
      { weight: 1, arbitrary: fc.constantFrom(...operations).chain((o) => hostileGet(o, context)) },
    );
    await assertEveryAnswerSane(target, requests, 1500);
    await expectAlive(target);
  });

  it('answers forged and damaged cursors without a 5xx, every error as the JSON error object', async () => {
    await assertEveryAnswerSane(target, fc.constantFrom(...seeds).chain(forgedCursorGet), 400);
    await expectAlive(target);
  });
});
