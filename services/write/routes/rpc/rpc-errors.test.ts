import { expect } from 'chai';
import { Database } from '../../../../shared/db/database';
import { resetDatabase, testConfig } from '../../../../test/support/context';
import { invalidArgument, LOCATIONS_PATH, ORGANIZATIONS_PATH, rpc, writeClient } from '../../../../test/support/rpc-client';

const page = (value: unknown) => ({ pagination: { pagination: { page: value } } });
const limit = (value: unknown) => ({ pagination: { pagination: { limit: value } } });

for (const path of [ORGANIZATIONS_PATH, LOCATIONS_PATH]) {
  describe(`POST ${path}: errors`, () => {
    before(() => resetDatabase());

    describe('400 invalid_argument', () => {
      const refuses = async (body: unknown, details: { field: string; message: string }[]) => {
        const res = await rpc(path, body);
        expect(res.status, JSON.stringify(body)).to.equal(400);
        expect(res.body, JSON.stringify(body)).to.deep.equal(invalidArgument(details));
      };

      it('refuses a page below 1 or beyond the int32 range', async () => {
        await refuses(page(0), [{ field: 'pagination.pagination.page', message: 'must be >= 1' }]);
        await refuses(page(-3), [{ field: 'pagination.pagination.page', message: 'must be >= 1' }]);
        await refuses(page(2_147_483_648), [{ field: 'pagination.pagination.page', message: 'must be <= 2147483647' }]);
      });

      it('refuses a limit out of 1..100', async () => {
        await refuses(limit(0), [{ field: 'pagination.pagination.limit', message: 'must be >= 1' }]);
        await refuses(limit(101), [{ field: 'pagination.pagination.limit', message: 'must be <= 100' }]);
      });

      it('refuses wrong types at every level, listing every problem', async () => {
        await refuses(page('2'), [{ field: 'pagination.pagination.page', message: 'must be an integer' }]);
        await refuses(limit(2.5), [{ field: 'pagination.pagination.limit', message: 'must be an integer' }]);
        await refuses(limit(true), [{ field: 'pagination.pagination.limit', message: 'must be an integer' }]);
        await refuses({ pagination: { pagination: [] } }, [{ field: 'pagination.pagination', message: 'must be an object' }]);
        await refuses({ pagination: 1 }, [{ field: 'pagination', message: 'must be an object' }]);
        await refuses({ query: 42 }, [{ field: 'query', message: 'must be a string' }]);
        await refuses({ query: 'x'.repeat(201) }, [{ field: 'query', message: 'must be at most 200 characters' }]);
        await refuses({ pagination: { pagination: { page: 0, limit: 'ten' } } }, [
          { field: 'pagination.pagination.page', message: 'must be >= 1' },
          { field: 'pagination.pagination.limit', message: 'must be an integer' },
        ]);
      });

      it('refuses a name filter holding U+0000, which Postgres cannot compare (it answered 500)', async () => {
        await refuses({ query: 'Ac\u0000me' }, [{ field: 'query', message: 'must not contain U+0000 (NUL)' }]);
      });

      it('refuses unknown fields, at any level', async () => {
        await refuses({ page: 1 }, [{ field: 'page', message: 'is not a known field' }]);
        await refuses({ pagination: { page: 1 } }, [{ field: 'pagination.page', message: 'is not a known field' }]);
        await refuses({ pagination: { pagination: { pageSize: 5 } } }, [
          { field: 'pagination.pagination.pageSize', message: 'is not a known field' },
        ]);
      });

      it('refuses a body that is not valid JSON, or not an object', async () => {
        const malformed = await writeClient().post(path).set('content-type', 'application/json').send('{"pagination": ');
        expect(malformed.status).to.equal(400);
        expect(malformed.body).to.deep.equal({
          code: 'invalid_argument',
          message: 'The request body is not valid JSON.',
          hint: 'Send a JSON object, for example {"pagination": {"pagination": {"page": 1, "limit": 10}}}.',
        });
        const array = await rpc(path, [{ pagination: {} }]);
        expect(array.status).to.equal(400);
        expect(array.body).to.deep.equal({
          code: 'invalid_argument',
          message: 'The request body must be a JSON object.',
          hint: 'Send a JSON object, not an array or a scalar.',
        });
      });

      it('refuses query-string parameters: the envelope is the only input', async () => {
        const res = await writeClient().post(`${path}?page=2`).set('content-type', 'application/json').send('{}');
        expect(res.status).to.equal(400);
        expect(res.body).to.deep.equal({
          code: 'invalid_argument',
          message: 'Unknown query parameter "page".',
          hint: 'Known parameters: none.',
          details: [{ field: 'page', message: 'is not a known parameter' }],
        });
      });
    });

    it('answers 405 with Allow: POST for other methods', async () => {
      for (const method of ['get', 'put', 'delete', 'patch'] as const) {
        const res = await writeClient()[method](path);
        expect(res.status, method).to.equal(405);
        expect(res.headers.allow).to.equal('POST');
        expect(res.body).to.deep.equal({
          code: 'method_not_allowed',
          message: `Method ${method.toUpperCase()} is not allowed here.`,
          hint: 'Use POST.',
        });
      }
    });

    it('answers 415 for a body that is not JSON', async () => {
      const text = await writeClient().post(path).set('content-type', 'text/plain').send('{}');
      expect(text.status).to.equal(415);
      expect(text.body).to.deep.equal({
        code: 'unsupported_media_type',
        message: 'Content-Type "text/plain" is not supported.',
        hint: 'Send the body as JSON with Content-Type: application/json.',
      });
      const form = await writeClient().post(path).type('form').send({ page: '1' });
      expect(form.status).to.equal(415);
      expect(form.body.code).to.equal('unsupported_media_type');
    });

    it('answers 413 for a body over 256 KiB', async () => {
      const res = await rpc(path, { query: 'x'.repeat(300 * 1024) });
      expect(res.status).to.equal(413);
      expect(res.body).to.deep.equal({
        code: 'payload_too_large',
        message: 'The request body is larger than 256 KiB.',
        hint: 'Send a smaller body: split the content, or trim long text fields.',
      });
    });

    it('answers 503 unavailable with Retry-After when Postgres does not answer', async function () {
      this.timeout(10_000);
      const down = new Database(testConfig({ databaseUrl: 'postgres://postgres@127.0.0.1:1/none', pgConnectTimeoutMs: 1000 }));
      try {
        const res = await rpc(path, {}, down);
        expect(res.status).to.equal(503);
        expect(res.headers['retry-after']).to.equal('5');
        expect(res.body).to.deep.equal({
          code: 'unavailable',
          message: 'The service is temporarily unavailable (PostgreSQL does not answer).',
          hint: 'Retry after 5 seconds.',
        });
      } finally {
        await down.close();
      }
    });
  });
}
