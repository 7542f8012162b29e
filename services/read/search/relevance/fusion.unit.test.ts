import { expect } from 'chai';
import { fuse, fusionName, type Scored } from './fusion';

const list = (...items: [string, number][]): Scored[] => items.map(([id, score]) => ({ id, score }));
const idsOf = (items: Scored[]) => items.map((item) => item.id);

describe('fuse (hybrid search: keyword and kNN lists as one)', () => {
  const keyword = list(['a', 12], ['b', 6], ['c', 3]);
  const semantic = list(['c', 0.9], ['d', 0.8], ['a', 0.7]);

  it('rrf: sums 1 / (k + rank) over the lists that hold each job, scores ignored', () => {
    const fused = fuse(keyword, semantic, { method: 'rrf', k: 60 });
    expect(idsOf(fused)).to.deep.equal(['a', 'c', 'b', 'd']);
    expect(fused[0].score).to.be.closeTo(1 / 61 + 1 / 63, 1e-12);
    expect(fused[2].score).to.be.closeTo(1 / 62, 1e-12);
  });

  it('rrf with a keyword weight w: the keyword terms count 2w, the kNN terms 2(1 - w)', () => {
    const fused = fuse(keyword, semantic, { method: 'rrf', k: 60, keywordWeight: 0.25 });
    expect(fused.find((job) => job.id === 'a')!.score).to.be.closeTo(0.5 / 61 + 1.5 / 63, 1e-12);
    // Unweighted, b (second by keyword) and d (second by kNN) tie and b goes first by id; here d does.
    expect(idsOf(fused)).to.deep.equal(['c', 'a', 'd', 'b']);
    expect(fuse(keyword, semantic, { method: 'rrf', k: 60, keywordWeight: 0.5 })).to.deep.equal(
      fuse(keyword, semantic, { method: 'rrf', k: 60 }),
    );
  });

  it('linear: weighs each list scaled to 0..1, a list without the job adding 0', () => {
    // keyword scaled: a 1, b 1/3, c 0; semantic scaled: c 1, d 0.5, a 0.
    const even = fuse(keyword, semantic, { method: 'linear', keywordWeight: 0.5 });
    expect(even.map((job) => [job.id, Number(job.score.toFixed(4))])).to.deep.equal([
      ['a', 0.5],
      ['c', 0.5],
      ['d', 0.25],
      ['b', 0.1667],
    ]);
    expect(idsOf(fuse(keyword, semantic, { method: 'linear', keywordWeight: 0.9 }))).to.deep.equal(['a', 'b', 'c', 'd']);
    expect(idsOf(fuse(keyword, semantic, { method: 'linear', keywordWeight: 0.1 }))).to.deep.equal(['c', 'd', 'a', 'b']);
  });

  it('breaks equal fused scores by the better rank in either list, then by id', () => {
    // a and c: first in one list, absent from the other.
    expect(idsOf(fuse(list(['c', 2]), list(['a', 0.9]), { method: 'rrf', k: 60 }))).to.deep.equal(['a', 'c']);
    // Linear: b is first in the keyword list (0.5), a second in both (0.25 + 0.25): b first, then a.
    const linear = fuse(list(['b', 3], ['a', 2], ['x', 1]), list(['y', 9], ['a', 8], ['z', 7]), {
      method: 'linear',
      keywordWeight: 0.5,
    });
    expect(idsOf(linear)).to.deep.equal(['b', 'y', 'a', 'x', 'z']);
  });

  it('answers either list alone when the other is empty, and nothing for two empty lists', () => {
    for (const fusion of [{ method: 'rrf', k: 60 } as const, { method: 'linear', keywordWeight: 0.3 } as const]) {
      expect(idsOf(fuse(keyword, [], fusion))).to.deep.equal(['a', 'b', 'c']);
      expect(idsOf(fuse([], semantic, fusion))).to.deep.equal(['c', 'd', 'a']);
      expect(fuse([], [], fusion)).to.deep.equal([]);
    }
  });

  it('scales a list of equal scores to 1 each, and cuts the result to the depth asked for', () => {
    const fused = fuse(list(['a', 4], ['b', 4]), [], { method: 'linear', keywordWeight: 0.5 });
    expect(fused).to.deep.equal(list(['a', 0.5], ['b', 0.5]));
    expect(idsOf(fuse(keyword, semantic, { method: 'rrf', k: 60 }, 2))).to.deep.equal(['a', 'c']);
  });

  it('names a fusion as the benchmark and the docs do', () => {
    expect(fusionName({ method: 'rrf', k: 60 })).to.equal('rrf k=60');
    expect(fusionName({ method: 'rrf', k: 60, keywordWeight: 0.7 })).to.equal('rrf k=60 w=0.7');
    expect(fusionName({ method: 'linear', keywordWeight: 0.4 })).to.equal('linear 0.4');
  });
});
