import { expect } from 'chai';
import { containsPattern, readListRequest } from './list-request';

describe('RPC list request', () => {
  it('defaults to page 1 of 10 at every missing level', () => {
    const first = { page: 1, limit: 10, offset: 0, namePattern: null };
    expect(readListRequest({})).to.deep.equal(first);
    expect(readListRequest({ pagination: {} })).to.deep.equal(first);
    expect(readListRequest({ pagination: { pagination: {} } })).to.deep.equal(first);
  });

  it('computes the offset from page and limit', () => {
    expect(readListRequest({ pagination: { pagination: { page: 3 } } })).to.include({ page: 3, limit: 10, offset: 20 });
    expect(readListRequest({ pagination: { pagination: { page: 2, limit: 25 } } })).to.include({ offset: 25 });
    expect(readListRequest({ pagination: { pagination: { page: 2_147_483_647, limit: 100 } } }).offset).to.equal(214_748_364_600);
  });

  it('trims the query, and a blank query filters nothing', () => {
    expect(readListRequest({ query: '  Acme ' }).namePattern).to.equal('%Acme%');
    expect(readListRequest({ query: '   ' }).namePattern).to.equal(null);
  });

  it('escapes the LIKE wildcards and the escape character, so they match themselves', () => {
    expect(containsPattern('100%')).to.equal('%100\\%%');
    expect(containsPattern('a_b')).to.equal('%a\\_b%');
    expect(containsPattern('back\\slash')).to.equal('%back\\\\slash%');
  });
});
