import { expect } from 'chai';
import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { newMessageId, newSecret, signatureHeader, webhookHeaders } from './signing';

const SECRET_CHECK = /^whsec_[A-Za-z0-9+/=]{20,}$/; // the webhook_subscriptions column's check
const MESSAGE_ID_CHECK = /^msg_[A-Za-z0-9]{20,40}$/; // the webhook_deliveries column's check

/** What the reference library makes of our headers: true if it accepts them. */
function verifiedBy(secret: string, body: string, headers: Record<string, string>): boolean {
  try {
    new Webhook(secret).verify(body, headers);
    return true;
  } catch {
    return false;
  }
}

describe('webhook signing (Standard Webhooks)', () => {
  const now = () => Math.floor(Date.now() / 1000);
  const body = JSON.stringify({ type: 'job.matched', data: { id: 'ünïcode ✓', salary: 100 } });

  it('makes secrets and message ids the database accepts, each one new', () => {
    const secrets = new Set(Array.from({ length: 200 }, newSecret));
    const ids = new Set(Array.from({ length: 200 }, newMessageId));
    expect(secrets.size).to.equal(200);
    expect(ids.size).to.equal(200);
    for (const s of secrets) {
      expect(s).to.match(SECRET_CHECK);
      expect(Buffer.from(s.slice(6), 'base64')).to.have.length(24);
    }
    for (const id of ids) expect(id).to.match(MESSAGE_ID_CHECK).and.have.length(31);
  });

  it('signs as the reference library verifies, with one secret', () => {
    const secret = newSecret();
    const headers = webhookHeaders([secret], newMessageId(), now(), body);
    expect(headers).to.include({ 'content-type': 'application/json' });
    expect(headers['user-agent']).to.be.a('string').and.not.empty;
    expect(headers['webhook-signature']).to.match(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(verifiedBy(secret, body, headers)).to.equal(true);
    expect(verifiedBy(newSecret(), body, headers)).to.equal(false);
    expect(verifiedBy(secret, body + ' ', headers)).to.equal(false);
    expect(verifiedBy(secret, body, { ...headers, 'webhook-id': newMessageId() })).to.equal(false);
  });

  it('signs with both secrets during a rotation, each of which verifies alone', () => {
    const [previous, current] = [newSecret(), newSecret()];
    const headers = webhookHeaders([current, previous], newMessageId(), now(), body);
    expect(headers['webhook-signature'].split(' ')).to.have.length(2);
    expect(verifiedBy(current, body, headers)).to.equal(true);
    expect(verifiedBy(previous, body, headers)).to.equal(true);
    expect(verifiedBy(newSecret(), body, headers)).to.equal(false);
  });

  it('gives the signature the reference library gives, byte for byte', () => {
    const secret = newSecret();
    const id = newMessageId();
    const ts = now();
    expect(signatureHeader([secret], id, ts, body)).to.equal(new Webhook(secret).sign(id, new Date(ts * 1000), body));
  });

  it('matches the specification example', () => {
    // The example of the Standard Webhooks specification (spec/standard-webhooks.md, "Verifying").
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const id = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
    const expected = createHmac('sha256', Buffer.from('MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'base64'))
      .update(`${id}.1614265330.{"test": 2432232314}`)
      .digest('base64');
    expect(signatureHeader([secret], id, 1614265330, '{"test": 2432232314}')).to.equal(`v1,${expected}`);
    expect(expected).to.equal('g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('refuses to sign with no secret', () => {
    expect(() => signatureHeader([], newMessageId(), now(), body)).to.throw(/at least one secret/);
  });
});
