import { expect } from 'chai';
import { nameBefore } from './name-parts';

const KINDS = new Set(['hospital', 'north']);
const jamesCook = (n: number) => Array.from({ length: n }, (_, i) => `The James Cook University Hospital, Middlesbrough, TS4 ${i}BW`);

describe('nameBefore (a word that job locations hold only inside a longer name)', () => {
  it('names the word before it in nearly every location that holds it', () => {
    expect(nameBefore('cook', jamesCook(5), KINDS, 3)).to.equal('james');
    expect(nameBefore('bar', ['Potters Bar, EN6 2SE', 'Potters Bar', 'Hertfordshire, Potters Bar'], KINDS, 3)).to.equal('potters');
  });

  it('names none for a place that stands on its own, first or after changing words', () => {
    expect(nameBefore('leeds', ['Leeds, LS9 7TF', 'St James Hospital, Leeds', 'Seacroft, Leeds', 'Leeds'], KINDS, 3)).to.equal(undefined);
    expect(nameBefore('middlesbrough', jamesCook(5), KINDS, 3)).to.equal(undefined);
  });

  it('names none when the word before is a stop word, a kind of place or no word of letters', () => {
    expect(nameBefore('trent', ['Stoke on Trent', 'Stoke-on-Trent, ST4 6QG', 'Burton on Trent'], KINDS, 3)).to.equal(undefined);
    expect(nameBefore('york', ['Hospital York', 'Hospital, York', 'Hospital York YO31'], KINDS, 3)).to.equal(undefined);
    expect(nameBefore('yorkshire', ['North Yorkshire', 'North Yorkshire, YO1', 'North Yorkshire'], KINDS, 3)).to.equal(undefined);
    expect(nameBefore('unit', ['Block 4 Unit', 'Block 4 Unit', 'Block 4 Unit'], KINDS, 3)).to.equal(undefined);
  });

  it('tells nothing from fewer locations than asked', () => {
    expect(nameBefore('cook', jamesCook(2), KINDS, 3)).to.equal(undefined);
  });

  it("reads a possessive as its name: St James's is st james", () => {
    expect(nameBefore('james', ["St James's University Hospital", "St James's Hospital, Leeds", 'St James Hospital'], KINDS, 3)).to.equal(
      'st',
    );
  });
});
