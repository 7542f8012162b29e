import { expect } from 'chai';
import { chosenSets } from './relevance';

describe('relevance benchmark: the query sets --set chooses', () => {
  it('runs every set when none is named, and the named ones in their usual order', () => {
    const every = chosenSets([]).map((set) => set.name);
    expect(every[0]).to.equal('development');
    expect(every).to.include.members(['heldout', 'heldout42', 'meaning', 'meaning2']);
    expect(chosenSets(['heldout42', 'development']).map((set) => set.name)).to.deep.equal(['development', 'heldout42']);
  });

  it('refuses a name that is no set, before anything is built, with the names there are', () => {
    expect(() => chosenSets(['heldout42', 'heldout99'])).to.throw(
      /^--set "heldout99": no such query set; choose from development, heldout, heldout2, /,
    );
  });
});
