import { expect } from 'chai';
import { vectorBytes, vectorFromBytes } from './vector-bytes';

describe('vector bytes', () => {
  it('are the float32 numbers big-endian, as Elasticsearch reads a base64 dense_vector, and come back the same', () => {
    const vector = new Float32Array([0.6, -0.8, 0]);
    const bytes = vectorBytes(vector);
    expect(bytes.toString('hex')).to.equal('3f19999abf4ccccd00000000');
    expect([...vectorFromBytes(bytes)]).to.deep.equal([...vector]);
  });

  it('refuse bytes that are not whole float32 numbers', () => {
    expect(() => vectorFromBytes(Buffer.alloc(6))).to.throw("a vector's bytes come in fours (float32), got 6");
  });
});
