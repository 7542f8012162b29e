import { expect } from 'chai';
import { splitList, stripHash } from './list-param';

describe('splitList', () => {
  it('trims values, drops empty ones and duplicates, keeps the order', () => {
    expect(splitList(' go , ,rust,,go, ')).to.deep.equal(['go', 'rust']);
  });

  it('gives no values for an absent or blank parameter', () => {
    expect(splitList(undefined)).to.deep.equal([]);
    expect(splitList('')).to.deep.equal([]);
    expect(splitList(' , ,')).to.deep.equal([]);
  });

  it('removes duplicates after normalizing, and drops values normalized to nothing', () => {
    expect(splitList('Go,GO,#,go', (v) => stripHash(v).toLowerCase())).to.deep.equal(['go']);
  });
});

describe('stripHash', () => {
  it('drops leading "#" signs only', () => {
    expect(stripHash('#remote')).to.equal('remote');
    expect(stripHash('##c#')).to.equal('c#');
    expect(stripHash('# remote')).to.equal('remote');
    expect(stripHash('#')).to.equal('');
  });
});
