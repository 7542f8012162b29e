import { gzipSync } from 'node:zlib';
import { expect } from 'chai';
import { createWriteApp } from '../../services/write';
import { errors } from '../errors';
import { resetDatabase, testConfig, testDb, testLogger, testSearch } from '../../test/support/context';
import { createApiKey, createOrganization, createUser } from '../../test/support/factories';
import { httpClient } from '../../test/support/http';

const ORGANIZATIONS = '/organization.v1.OrganizationService/List';

describe('request bodies: compressed, and refused by the parser', () => {
  const client = () => httpClient(createWriteApp({ config: testConfig(), db: testDb(), search: testSearch(), logger: testLogger }).app);
  /** Sends the bytes as they are (superagent would otherwise serialize a Buffer as JSON). */
  const post = (path: string, encoding: string, body: Buffer, key = '') =>
    client()
      .post(path)
      .set('content-type', 'application/json')
      .set('content-encoding', encoding)
      .set('x-api-key', key)
      // Stays: superagent types a serializer as returning a string, but it writes whatever comes back, and these are raw bytes.
      .serialize((bytes: Buffer) => bytes as unknown as string)
      .send(body);
  let recruiterKey: string;

  before(async () => {
    await resetDatabase();
    const organization = await createOrganization();
    recruiterKey = (await createApiKey((await createUser({ is_recruiter: true, memberOf: [organization.id] })).id)).key;
  });

  it('reads a gzip-compressed JSON body', async () => {
    const res = await post(ORGANIZATIONS, 'gzip', gzipSync(JSON.stringify({ pagination: { pagination: { limit: 1 } } })));
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body.organizations).to.have.length(1);
  });

  it('answers a body that does not decompress with 400 in the code of the operation, not 500', async () => {
    for (const encoding of ['gzip', 'deflate', 'br']) {
      const rpc = await post(ORGANIZATIONS, encoding, Buffer.from('{}'));
      expect(rpc.status, encoding).to.equal(400);
      expect(rpc.body).to.deep.equal({
        code: 'invalid_argument',
        message: `The request body does not decompress as Content-Encoding "${encoding}" says.`,
        hint: 'Send it compressed that way, or uncompressed without a Content-Encoding header.',
      });
    }
    const truncated = gzipSync('{"title": "x"}').subarray(0, 12);
    const create = await post('/agents/jobs', 'gzip', truncated, recruiterKey);
    expect(create.status).to.equal(400);
    expect(create.body.code).to.equal('invalid_request');
  });

  it('answers a Content-Encoding it cannot undo with 415 naming it', async () => {
    const res = await post(ORGANIZATIONS, 'compress', Buffer.from('{}'));
    expect(res.status).to.equal(415);
    expect(res.body).to.deep.equal(errors.unsupportedContentEncoding('compress').toBody());
    expect(res.body.message).to.equal('Content-Encoding "compress" is not supported.');
  });

  it('counts the limit after decompression: a small body that inflates past 256 KiB is 413', async () => {
    const inflated = JSON.stringify({ query: ' '.repeat(300 * 1024) });
    const res = await post(ORGANIZATIONS, 'gzip', gzipSync(inflated));
    expect(res.status).to.equal(413);
    expect(res.body).to.deep.equal(errors.payloadTooLarge('256 KiB').toBody());
  });
});
