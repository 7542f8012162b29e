import { expect } from 'chai';
import fc from 'fast-check';
import { hostilePost } from '../support/body-arbitraries';
import { assertEveryAnswerSane } from '../support/fuzz-run';
import { documentOperations, expectAlive, startFuzzTarget, type DocumentOperation, type FuzzTarget } from '../support/fuzz-target';
import type { SchemaContext } from '../support/schema-values';

/**
 * Issue 14: hostile bodies for every POST operation of the served OpenAPI document (create a job,
 * apply, the RPC list calls; a new operation is fuzzed without a change here), sent with the
 * world's API keys to the whole API on a real port with Postgres and Elasticsearch. No answer may
 * be a 5xx, every error is the JSON error object with an x-request-id, and /healthz answers
 * afterwards. FUZZ_SEED (and FUZZ_PATH) replay a failure; FUZZ_RUNS_SCALE=10 runs ten times as many.
 */
describe('fuzzing the bodies of every POST operation (issue 14)', function () {
  this.timeout(120_000);
  let target: FuzzTarget;
  let operations: DocumentOperation[];
  let context: SchemaContext;

  before(async () => {
    target = await startFuzzTarget();
    operations = documentOperations(target.document, 'POST');
    context = { document: target.document, idsByField: target.world.idsByField };
  });

  after(async () => {
    await target?.close();
  });

  it('takes its operations from /openapi.json: create, apply and the RPC list calls among them', () => {
    expect(operations.map((o) => o.operation.operationId)).to.include.members([
      'createJob',
      'applyToJob',
      'listOrganizations',
      'listLocations',
    ]);
  });

  it('answers hostile bodies without a 5xx, every error as the JSON error object', async () => {
    const requests = fc.constantFrom(...operations).chain((o) => hostilePost(o, context, target.world));
    await assertEveryAnswerSane(target, requests, 1500);
    await expectAlive(target);
  });
});
