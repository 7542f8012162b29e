import { expect } from 'chai';
import { Type } from '@sinclair/typebox';
import { hashApiKey } from '../auth/api-key';
import { createRateLimits, rateLimitKey, rateLimitTier } from './rate-limit';
import { defineRoute } from './route';

const route = (fields: { tags?: string[]; auth?: 'apiKey' } = {}) =>
  defineRoute({
    operationId: 'op',
    method: 'GET',
    path: '/op',
    summary: 'op',
    tags: fields.tags ?? ['Jobs'],
    auth: fields.auth,
    responses: { 200: { description: 'ok', schema: Type.Object({}) } },
    errors: [],
    handle: async () => undefined,
  });

describe('rate limit rules', () => {
  it('limits API operations: those with a key by the write limit, the others by the read limit', () => {
    expect(rateLimitTier(route({ auth: 'apiKey' }))).to.equal('write');
    expect(rateLimitTier(route())).to.equal('read');
  });

  it('never limits health, metrics or documentation, nor unknown routes', () => {
    expect(rateLimitTier(route({ tags: ['Operations'] }))).to.equal(undefined);
    expect(rateLimitTier(route({ tags: ['Documentation'] }))).to.equal(undefined);
    expect(rateLimitTier(undefined)).to.equal(undefined);
  });

  it('counts writes under the SHA-256 of the key, never the key itself', () => {
    const key = 'jla_abcdefghijklmnopqrstuvwxyz0123456789ABCD';
    const counted = rateLimitKey('write', ` ${key} `, '10.0.0.1');
    expect(counted).to.equal(`key:${hashApiKey(key)}`);
    expect(counted).to.not.include(key);
  });

  it('counts keyless writes and every read under the client address', () => {
    expect(rateLimitKey('write', '', '10.0.0.1')).to.equal('address:10.0.0.1');
    expect(rateLimitKey('read', 'jla_whatever', '10.0.0.1')).to.equal('address:10.0.0.1');
  });

  it('makes a limiter only for a limit above 0 (0 is off, the default)', () => {
    const off = createRateLimits({ readRateLimitPerMinute: 0, writeRateLimitPerMinute: 0 });
    expect(off.read).to.equal(undefined);
    expect(off.write).to.equal(undefined);
    const on = createRateLimits({ readRateLimitPerMinute: 5, writeRateLimitPerMinute: 0 });
    expect(on.read!.take('x', 0)).to.include({ limit: 5, remaining: 4 });
    expect(on.write).to.equal(undefined);
  });
});
