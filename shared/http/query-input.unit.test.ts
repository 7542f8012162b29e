import { Type } from '@sinclair/typebox';
import { expect } from 'chai';
import { ApiError } from '../errors';
import { queryReader } from './query-input';

const Query = Type.Object(
  {
    q: Type.Optional(Type.String()),
    page: Type.Integer({ minimum: 1, default: 1 }),
    limit: Type.Integer({ minimum: 1, maximum: 100, default: 10 }),
  },
  { additionalProperties: false },
);

/** The error body a read throws (it must throw an ApiError). */
function refusal(read: () => unknown) {
  try {
    read();
  } catch (err) {
    expect(err).to.be.instanceOf(ApiError);
    return (err as ApiError).toBody();
  }
  throw new Error('expected an ApiError');
}

describe('queryReader', () => {
  const read = queryReader(Query);

  it('turns integers written in decimal digits into numbers and fills in the defaults', () => {
    expect(read({ q: '42', page: '010' })).to.deep.equal({ q: '42', page: 10, limit: 10 });
    expect(read({ limit: '+5' })).to.deep.equal({ page: 1, limit: 5 });
  });

  it('leaves any other text for the schema to refuse as "must be an integer", where Number() would read a number', () => {
    for (const text of ['0x10', '1e3', '1.0', ' ', '', '1 ', 'Infinity']) {
      expect(
        refusal(() => read({ page: text })),
        JSON.stringify(text),
      ).to.deep.equal({
        code: 'invalid_request',
        message: 'Invalid query parameter: page must be an integer.',
        hint: 'Fix the parameters named in details.',
        details: [{ field: 'page', message: 'must be an integer' }],
      });
    }
  });

  it('reports a negative number by its bound, in the order of the schema', () => {
    expect(refusal(() => read({ limit: '500', page: '-1' })).details).to.deep.equal([
      { field: 'page', message: 'must be >= 1' },
      { field: 'limit', message: 'must be <= 100' },
    ]);
  });

  it("refuses unknown names, the names of Object.prototype's properties included, naming the closest known one", () => {
    expect(refusal(() => read({ pge: '2' })).hint).to.equal('Did you mean "page"? Known parameters: q, page, limit.');
    expect(refusal(() => read({ constructor: '1' })).message).to.equal('Unknown query parameter "constructor".');
  });

  it('answers in the code the route asks for', () => {
    expect(refusal(() => queryReader(Query, 'invalid_argument')({ page: ['1', '2'] })).code).to.equal('invalid_argument');
  });

  it('refuses, when the route is mounted, a parameter type a query string cannot carry', () => {
    expect(() => queryReader(Type.Object({ verbose: Type.Boolean() }))).to.throw(
      'query parameter "verbose": a query string holds only string and integer parameters',
    );
  });

  it('takes no parameter at all from a route without a query schema', () => {
    expect(queryReader(undefined)({})).to.deep.equal({});
    expect(refusal(() => queryReader(undefined)({ a: '1' })).hint).to.equal('Known parameters: none.');
  });
});
