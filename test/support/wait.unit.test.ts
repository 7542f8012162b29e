import { expect } from 'chai';
import { waitFor } from './wait';

describe('waitFor (the one poll-until-deadline helper of the tests)', () => {
  it('returns the first answer that is not undefined, null or false, 0 and "" included', async () => {
    let asked = 0;
    expect(await waitFor(() => (++asked < 3 ? undefined : 0), { what: 'a count', intervalMs: 1 })).to.equal(0);
    expect(asked).to.equal(3);
    expect(await waitFor(() => Promise.resolve(''), { what: 'an empty text' })).to.equal('');
  });

  it('on timeout names what it waited for and the last answer', async () => {
    let n = 0;
    const err = await waitFor(() => (n++, null), { what: 'the outbox to drain', timeoutMs: 30, intervalMs: 5 }).catch((e: Error) => e);
    expect(err).to.be.instanceOf(Error);
    expect(err.message).to.equal('timed out after 30 ms waiting for the outbox to drain; last value: null');
    expect(n).to.be.greaterThan(1);
  });

  it('ends at once on an error, unless told to wait errors out; then it reports the last one', async () => {
    let asked = 0;
    const thrown = await waitFor(
      () => {
        asked++;
        throw new Error('refused');
      },
      { what: 'the server', timeoutMs: 1000 },
    ).catch((e: Error) => e);
    expect([thrown.message, asked]).to.deep.equal(['refused', 1]);

    const timedOut = await waitFor(() => Promise.reject(new Error('connect ECONNREFUSED')), {
      what: () => 'the server (output: none)',
      timeoutMs: 20,
      intervalMs: 5,
      retryErrors: true,
    }).catch((e: Error) => e);
    expect(timedOut.message).to.equal('timed out after 20 ms waiting for the server (output: none); last error: connect ECONNREFUSED');
    expect((timedOut.cause as Error).message).to.equal('connect ECONNREFUSED');

    let tries = 0;
    expect(
      await waitFor(
        () => {
          if (++tries < 3) throw new Error('not yet');
          return 'up';
        },
        { what: 'the server', intervalMs: 1, retryErrors: true },
      ),
    ).to.equal('up');
  });
});
