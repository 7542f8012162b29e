import { expect } from 'chai';
import { API_KEY_PATTERN, apiKeyPrefix, generateApiKey, hashApiKey } from './api-key';

describe('API keys', () => {
  it('generates jla_ keys of 40 base62 characters, different every time', () => {
    const keys = new Set(Array.from({ length: 200 }, generateApiKey));
    expect(keys.size).to.equal(200);
    for (const key of keys)
      expect(key)
        .to.match(/^jla_[0-9A-Za-z]{40}$/)
        .and.to.match(API_KEY_PATTERN);
  });

  it('stores a SHA-256 hex hash and a short prefix, never the key', () => {
    const key = 'jla_0123456789abcdefghijABCDEFGHIJ0123456789';
    // The FIPS 180-2 test vector: the hash is plain SHA-256 of the key's UTF-8 bytes.
    expect(hashApiKey('abc')).to.equal('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hashApiKey(key)).to.match(/^[0-9a-f]{64}$/);
    expect(hashApiKey(key)).not.to.equal(hashApiKey(`${key}x`));
    expect(apiKeyPrefix(key)).to.equal('jla_01234567');
  });
});
