import { createHmac, randomBytes, randomInt } from 'node:crypto';

/**
 * Standard Webhooks (https://www.standardwebhooks.com) signing: `whsec_` secrets, `msg_` message
 * ids, and `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, one signature per
 * secret that signs (two during a rotation). Written on node:crypto; the tests check it against
 * the spec's reference library.
 */

const SECRET_PREFIX = 'whsec_';
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** What the delivery worker sends as its User-Agent. */
export const WEBHOOK_USER_AGENT = 'JobListingAgentAPI-Webhooks/1.0';

/** A new signing secret: `whsec_` and 24 random bytes in base64 (192 bits, as Svix's). */
export function newSecret(): string {
  return SECRET_PREFIX + randomBytes(24).toString('base64');
}

/** A new message id, the `webhook-id` of every attempt of one delivery: `msg_` and 27 base62 characters. */
export function newMessageId(): string {
  let id = 'msg_';
  for (let i = 0; i < 27; i++) id += BASE62[randomInt(BASE62.length)];
  return id;
}

/** The key a secret stands for: the base64 after `whsec_` (a bare base64 secret is read the same way). */
function secretKey(secret: string): Buffer {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  const key = Buffer.from(encoded, 'base64');
  if (key.length === 0) throw new Error('A webhook secret must hold a base64 key after "whsec_".');
  return key;
}

/** One `v1,<signature>` per secret, space-separated: the value of the `webhook-signature` header. */
export function signatureHeader(secrets: readonly string[], id: string, timestampSeconds: number, body: string): string {
  if (secrets.length === 0) throw new Error('A webhook is signed by at least one secret.');
  const signed = `${id}.${timestampSeconds}.${body}`;
  return secrets.map((secret) => `v1,${createHmac('sha256', secretKey(secret)).update(signed, 'utf8').digest('base64')}`).join(' ');
}

/** The headers of one attempt: the Standard Webhooks three, the body's type and who sends it. */
export function webhookHeaders(secrets: readonly string[], id: string, timestampSeconds: number, body: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': WEBHOOK_USER_AGENT,
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': signatureHeader(secrets, id, timestampSeconds, body),
  };
}
