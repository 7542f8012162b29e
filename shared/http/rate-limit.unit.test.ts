import { expect } from 'chai';
import { Type } from '@sinclair/typebox';
import { hashApiKey } from '../auth/api-key';
import { ConfigError, loadConfig } from '../config';
import { apiKeyWindow, clientAddress, createRateLimits, rateLimitTier, tightest } from './rate-limit';
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
    handle: () => Promise.resolve(),
  });

describe('rate limit rules', () => {
  it('limits API operations: those with a key by the write limits, the others by the read limit', () => {
    expect(rateLimitTier(route({ auth: 'apiKey' }))).to.equal('write');
    expect(rateLimitTier(route())).to.equal('read');
  });

  it('never limits health, metrics or documentation, nor unknown routes', () => {
    expect(rateLimitTier(route({ tags: ['Operations'] }))).to.equal(undefined);
    expect(rateLimitTier(route({ tags: ['Documentation'] }))).to.equal(undefined);
    expect(rateLimitTier(undefined)).to.equal(undefined);
  });

  it('counts keys under the SHA-256 of the key, never the key itself', () => {
    const key = 'jla_abcdefghijklmnopqrstuvwxyz0123456789ABCD';
    const counted = apiKeyWindow(` ${key} `);
    expect(counted).to.equal(`key:${hashApiKey(key)}`);
    expect(counted).to.not.include(key);
  });

  it('counts an IPv4 client by its address, also when written as IPv4-mapped IPv6', () => {
    expect(clientAddress('203.0.113.7')).to.equal('203.0.113.7');
    expect(clientAddress('::ffff:127.0.0.1')).to.equal('127.0.0.1');
  });

  it('counts an IPv6 client by its /64, so rotating addresses inside it gains nothing', () => {
    expect(clientAddress('2001:db8:85a3:7:1:2:3:4')).to.equal('2001:db8:85a3:7::/64');
    expect(clientAddress('2001:0DB8:85a3:0007:ffff::9')).to.equal('2001:db8:85a3:7::/64');
    expect(clientAddress('2001:db8::1')).to.equal('2001:db8:0:0::/64');
    expect(clientAddress('2001:db8::2%eth0')).to.equal('2001:db8:0:0::/64');
    expect(clientAddress('::1')).to.equal('0:0:0:0::/64');
    expect(clientAddress('fe80::1:2:3:4')).to.equal('fe80:0:0:0::/64');
  });

  it('reports the tightest of several decisions: a refusal first, else the fewest left', () => {
    const decision = (allowed: boolean, limit: number, remaining: number) => ({ allowed, limit, remaining, resetSeconds: 60 });
    expect(tightest([])).to.equal(undefined);
    expect(tightest([decision(true, 600, 598), decision(true, 60, 59)])).to.deep.include({ limit: 60 });
    expect(tightest([decision(true, 60, 0), decision(false, 600, 0)])).to.deep.include({ limit: 600, allowed: false });
  });

  it('makes a limiter only for a limit above 0 (0 is off, the default)', async () => {
    const off = createRateLimits({
      readRateLimitPerMinute: 0,
      writeRateLimitPerMinute: 0,
      writeAddressRateLimitPerMinute: 0,
      authFailureLimitPerMinute: 0,
    });
    expect(off).to.deep.equal({ read: undefined, key: undefined, writeAddress: undefined, authFailures: undefined });
    const on = createRateLimits({
      readRateLimitPerMinute: 5,
      writeRateLimitPerMinute: 0,
      writeAddressRateLimitPerMinute: 0,
      authFailureLimitPerMinute: 3,
    });
    expect(await on.read!.consume('x')).to.include({ limit: 5, remaining: 4 });
    expect(await on.authFailures!.consume('x')).to.include({ limit: 3, remaining: 2 });
    expect(on.key).to.equal(undefined);
    expect(on.writeAddress).to.equal(undefined);
  });
});

describe('rate limit settings', () => {
  it('are all off by default', () => {
    expect(loadConfig({})).to.include({
      readRateLimitPerMinute: 0,
      writeRateLimitPerMinute: 0,
      writeAddressRateLimitPerMinute: 0,
      authFailureLimitPerMinute: 0,
    });
  });

  it('turn the address limits on with the write limit: 10 times it per address, 10 failed authentications', () => {
    expect(loadConfig({ WRITE_RATE_LIMIT_PER_MINUTE: '60' })).to.include({
      writeAddressRateLimitPerMinute: 600,
      authFailureLimitPerMinute: 10,
    });
  });

  it('take each address limit as set, 0 turning it off', () => {
    const env = { WRITE_RATE_LIMIT_PER_MINUTE: '60', WRITE_ADDRESS_RATE_LIMIT_PER_MINUTE: '100', AUTH_FAILURE_LIMIT_PER_MINUTE: '0' };
    expect(loadConfig(env)).to.include({ writeAddressRateLimitPerMinute: 100, authFailureLimitPerMinute: 0 });
    expect(loadConfig({ AUTH_FAILURE_LIMIT_PER_MINUTE: '5' })).to.include({ writeRateLimitPerMinute: 0, authFailureLimitPerMinute: 5 });
  });

  it('stop the start-up on a value that is not a whole number', () => {
    expect(() => loadConfig({ AUTH_FAILURE_LIMIT_PER_MINUTE: 'ten' })).to.throw(
      ConfigError,
      'AUTH_FAILURE_LIMIT_PER_MINUTE must be a whole number, got "ten"',
    );
    expect(() => loadConfig({ WRITE_ADDRESS_RATE_LIMIT_PER_MINUTE: '-1' })).to.throw(
      ConfigError,
      'WRITE_ADDRESS_RATE_LIMIT_PER_MINUTE must be a whole number',
    );
  });
});
