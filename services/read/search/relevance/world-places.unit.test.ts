import { expect } from 'chai';
import { worldPlaceNames } from './world-places';

describe("worldPlaceNames (the world's cities a query may name)", () => {
  it('holds cities of one word or two, lowercased and without accents, and a city of three ending in "city" by its first two', async () => {
    const names = await worldPlaceNames();
    expect(
      ['austin', 'seattle', 'san antonio', 'sao paulo', 'new york', 'salt lake', 'zurich'].filter((name) => !names.has(name)),
    ).to.deep.equal([]);
  });

  it('leaves out towns under 100 000 people and names of three words', async () => {
    const names = await worldPlaceNames();
    // Truro (19 000 people); "salt lake city" is kept as "salt lake", as a query's word pairs are asked.
    expect(['truro', 'salt lake city', 'milton keynes village'].filter((name) => names.has(name))).to.deep.equal([]);
  });
});
