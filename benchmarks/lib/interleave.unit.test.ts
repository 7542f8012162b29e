import { expect } from 'chai';
import { rotation } from './interleave';

describe('benchmark interleaving', () => {
  it('rotates the variants by one each iteration, so each runs first equally often', () => {
    const orders = [0, 1, 2, 3].map((i) => rotation(['a', 'b', 'c'], i).join(''));
    expect(orders).to.deep.equal(['abc', 'bca', 'cab', 'abc']);
  });
});
