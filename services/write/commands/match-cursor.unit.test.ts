import { expect } from 'chai';
import type { ApiError } from '../../../shared/errors';
import { decodeMatchCursor, encodeMatchCursor } from './match-cursor';

const ID = '3f0e7c1a-8b9d-4c2e-9f1a-2b3c4d5e6f70';
const OTHER = '9b2d4e1f-3c5a-4f6b-8d7e-1a2b3c4d5e6f';

function refusal(cursor: string, id = ID): ApiError {
  try {
    decodeMatchCursor(cursor, id);
  } catch (err) {
    return err as ApiError;
  }
  throw new Error(`"${cursor}" was accepted`);
}

describe('the cursor of a saved search’s matches', () => {
  it('gives back the match number it was made with, up to the largest bigint', () => {
    for (const seq of [0n, 1n, 42n, 9_223_372_036_854_775_807n]) expect(decodeMatchCursor(encodeMatchCursor(ID, seq), ID)).to.equal(seq);
  });

  it('is URL-safe text', () => {
    expect(encodeMatchCursor(ID, 123n)).to.match(/^[A-Za-z0-9_-]+$/);
  });

  it('refuses a cursor of another saved search, saying so', () => {
    const err = refusal(encodeMatchCursor(OTHER, 5n));
    expect(err.status).to.equal(400);
    expect(err.code).to.equal('invalid_request');
    expect(err.details).to.deep.equal([{ field: 'cursor', message: 'it belongs to another saved search' }]);
    expect(err.hint).to.match(/next_cursor/);
  });

  it('refuses text it did not make, with a hint', () => {
    const made = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const cursor of [
      'x',
      '!!!',
      'eyJ',
      made([1]),
      made(null),
      made({ s: ID }),
      made({ s: ID, n: 5 }),
      made({ s: ID, n: '-1' }),
      made({ s: ID, n: '1.5' }),
      made({ s: ID, n: '9223372036854775808' }),
      made({ s: ID, n: '99999999999999999999' }),
    ]) {
      const err = refusal(cursor);
      expect(err.status, cursor).to.equal(400);
      expect(err.details, cursor).to.deep.equal([{ field: 'cursor', message: 'it was not made by this API' }]);
      expect(err.hint).to.match(/leave cursor out/);
    }
  });
});
