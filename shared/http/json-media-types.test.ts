import { expect } from 'chai';
import supertest from 'supertest';
import { createWriteApp } from '../../services/write';
import { loadConfig } from '../config';
import { errors } from '../errors';
import { createHttpServer } from '../runtime/http-server';
import { resetDatabase, resetIndex, testConfig, testDb, testLogger, testSearch } from '../../test/support/context';
import { createApiKey, createLocation, createOrganization, createUser } from '../../test/support/factories';
import { contractChecked } from '../../test/support/http';
import { closeServer, listenOnFreePort } from '../../test/support/raw-http';
import { isJsonMediaType } from './media-type';

const ORGANIZATIONS = '/organization.v1.OrganizationService/List';

describe('JSON request bodies under every JSON media type', () => {
  describe('isJsonMediaType', () => {
    it('takes application/json and every application/*+json, whatever the case and parameters', () => {
      const json = [
        'application/json',
        'application/merge-patch+json',
        'application/vnd.acme.job.v1+json',
        'Application/JSON',
        ' application/json ; charset=utf-8',
        'application/problem+json;',
      ];
      for (const type of json) expect(isJsonMediaType(type), type).to.equal(true);
    });

    it('refuses everything else, +json outside application/ included', () => {
      const other = [
        '',
        'text/plain',
        'text/json',
        'text/x+json',
        'application/+json',
        'application/jsonx',
        'application/json+xml',
        'application/xml',
        'multipart/form-data; boundary=x',
        'json',
      ];
      for (const type of other) expect(isJsonMediaType(type), type).to.equal(false);
    });
  });

  describe('over a listening server', () => {
    const server = createHttpServer(
      contractChecked(createWriteApp({ config: testConfig(), db: testDb(), search: testSearch(), logger: testLogger }).app),
      loadConfig({}),
      testLogger,
    );
    let client: ReturnType<typeof supertest>;
    let key: string;
    let job: Record<string, string>;

    before(async () => {
      await resetDatabase();
      await resetIndex();
      const org = await createOrganization({ name: 'Acme' });
      await createOrganization({ name: 'Borealis' });
      const loc = await createLocation({ name: 'Berlin' });
      key = (await createApiKey((await createUser({ is_recruiter: true, memberOf: [org.id] })).id)).key;
      job = { title: 'Platform Engineer', organization_id: org.id, location_id: loc.id, type: 'full_time', salary: '€70,000' };
      client = supertest(`http://127.0.0.1:${await listenOnFreePort(server)}`);
    });
    after(() => closeServer(server));

    const send = (path: string, type: string, body: object, apiKey = '') =>
      client.post(path).set('x-api-key', apiKey).set('content-type', type).send(JSON.stringify(body));

    it('creates a job from an application/*+json body (it answered "title is required")', async () => {
      for (const type of ['application/merge-patch+json', 'application/vnd.acme.job+json; charset=utf-8', 'APPLICATION/JSON']) {
        const title = `Platform Engineer (${type})`;
        const res = await send('/agents/jobs', type, { ...job, title }, key);
        expect(res.status, `${type}: ${JSON.stringify(res.body)}`).to.equal(201);
        expect(res.body.title).to.equal(title);
      }
    });

    it('reads the RPC body sent as application/*+json (it ignored the limit)', async () => {
      const body = { pagination: { pagination: { limit: 1 } } };
      for (const type of ['application/json', 'application/merge-patch+json', 'application/vnd.api+json']) {
        const res = await send(ORGANIZATIONS, type, body);
        expect(res.status, type).to.equal(200);
        expect(res.body.organizations, type).to.have.length(1);
      }
    });

    it('refuses other media types with 415 and a hint, in either operation', async () => {
      for (const type of ['text/plain', 'text/x+json', 'application/jsonx', 'application/xml', 'application/+json']) {
        for (const [path, apiKey] of [
          [ORGANIZATIONS, ''],
          ['/agents/jobs', key],
        ]) {
          const res = await send(path, type, job, apiKey);
          expect(res.status, `${type} ${path}`).to.equal(415);
          expect(res.body).to.deep.equal(errors.unsupportedMediaType(type).toBody());
          expect(res.body.hint).to.equal('Send the body as JSON with Content-Type: application/json.');
        }
      }
    });

    it('still answers malformed JSON under a +json type as bad input, not as 415', async () => {
      const res = await client.post(ORGANIZATIONS).set('content-type', 'application/merge-patch+json').send('{"pagination": ');
      expect(res.status).to.equal(400);
      expect(res.body).to.include({ code: 'invalid_argument', message: 'The request body is not valid JSON.' });
    });
  });
});
