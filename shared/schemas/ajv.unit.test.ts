import { expect } from 'chai';
import { bodyProblems, MAX_ERROR_DETAILS } from './ajv';
import { prepareWebhookCreate, WebhookCreateRequest } from './webhook';

describe('bodyProblems (what a body gets wrong, in plain words)', () => {
  const webhookBody = (events: unknown[]) => ({ url: 'https://hooks.example.com/jobs', events });

  it('names the first problems one by one, then counts the rest', () => {
    const details = bodyProblems(WebhookCreateRequest, webhookBody(Array.from({ length: 30 }, (_, i) => `event.${i}`)));
    expect(details).to.have.length(MAX_ERROR_DETAILS + 1);
    expect(details[0]).to.deep.include({ field: 'events' });
    expect(details[1].field).to.equal('events.0');
    expect(details[MAX_ERROR_DETAILS]).to.deep.equal({ field: '(body)', message: 'and 11 more problem(s) of the kinds above, not listed' });
  });

  it('answers a body of 40 000 wrong items at once: no problem is compared with every other', () => {
    const started = process.hrtime.bigint();
    const events = [...Array.from({ length: 20_000 }, () => 'a'), ...Array.from({ length: 20_000 }, (_, i) => `event.${i}`)];
    const details = bodyProblems(WebhookCreateRequest, webhookBody(events), prepareWebhookCreate);
    // Pair by pair, this took 12 s; one pass takes well under one (the bound leaves room for a loaded machine).
    expect(Number(process.hrtime.bigint() - started) / 1e6).to.be.below(2_000);
    expect(details.filter((d) => d.message.includes('more than once'))).to.deep.equal([
      { field: 'events', message: 'lists "a" more than once; name each event once' },
    ]);
  });
});
