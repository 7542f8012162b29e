import { createHash, randomInt } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** The shape of every key (DESIGN.md 8): anything else is refused without a database query. */
export const API_KEY_PATTERN = /^jla_[0-9A-Za-z]{32,128}$/;
const RANDOM_LENGTH = 40;
const PREFIX_LENGTH = 8;

/** A new key: `jla_` and 40 base62 characters from the CSPRNG (about 238 bits). */
export function generateApiKey(): string {
  let body = '';
  for (let i = 0; i < RANDOM_LENGTH; i++) body += BASE62[randomInt(62)];
  return `jla_${body}`;
}

/** The SHA-256 of the key, hex: the only form in which a key is stored. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** The first characters of the key, stored so operators can tell keys apart. */
export function apiKeyPrefix(key: string): string {
  return key.slice(0, 4 + PREFIX_LENGTH);
}
