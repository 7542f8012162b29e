import { expect } from 'chai';
import { formsOf } from './word-forms';

describe('formsOf (the forms a search word asks for)', () => {
  it('joins the singular and plural of a word, irregular ones too', () => {
    for (const [a, b] of [
      ['analyst', 'analysts'],
      ['nurse', 'nurses'],
      ['company', 'companies'],
      ['analysis', 'analyses'],
      ['woman', 'women'],
      ['child', 'children'],
      ['class', 'classes'],
    ]) {
      expect(formsOf(a), a).to.include(b);
      expect(formsOf(b), b).to.include(a);
    }
  });

  it('never joins two words, as the dictionary stemmer did', () => {
    // Each pair shared a hunspell en_US stem ("mote", "busy", "signer", "it"...).
    const pairs = [
      ['remote', 'promotion'],
      ['hive', 'h'],
      ['react', 'act'],
      ['business', 'busy'],
      ['designer', 'signer'],
      ['resources', 'source'],
      ['discharge', 'charge'],
      ['research', 'search'],
      ['retail', 'tail'],
      ['retire', 'tire'],
      ['reporting', 'port'],
      ['replacement', 'placement'],
      ['dispatch', 'patch'],
      ['units', 'it'],
      ['recover', 'cover'],
    ];
    for (const [a, b] of pairs) {
      expect(formsOf(a), a).not.to.include(b);
      expect(formsOf(b), b).not.to.include(a);
    }
  });

  it('gives names and fields of work that end in "s" their one form: windows is not a window, logistics not logistic', () => {
    for (const word of [
      'kubernetes',
      'devops',
      'mlops',
      'devsecops',
      'redis',
      'postgres',
      'jenkins',
      'pandas',
      'rails',
      'windows',
      'hris',
      'sales',
      'logistics',
      'economics',
      'physics',
      'ethics',
    ]) {
      expect(formsOf(word), word).to.deep.equal([word]);
    }
    for (const [word, other] of [
      ['window', 'windows'],
      ['rail', 'rails'],
      ['sale', 'sales'],
      ['logistic', 'logistics'],
      ['economic', 'economics'],
      ['panda', 'pandas'],
    ]) {
      expect(formsOf(word), word).not.to.include(other);
    }
    // Other words ending in "ops" or "ics" keep their plural.
    for (const [a, b] of [
      ['workshop', 'workshops'],
      ['laptop', 'laptops'],
      ['clinic', 'clinics'],
      ['topic', 'topics'],
    ]) {
      expect(formsOf(a), a).to.include(b);
      expect(formsOf(b), b).to.include(a);
    }
  });

  it('keeps derived words apart: a developer is not business development', () => {
    expect(formsOf('developer')).to.deep.equal(['developer', 'developers']);
    expect(formsOf('nursing')).not.to.include('nurse');
    expect(formsOf('engineering')).not.to.include('engineer');
    expect(formsOf('management')).not.to.include('manager');
  });

  it('leaves short words, abbreviations and words with digits or inner punctuation as they are', () => {
    for (const word of ['js', 'aws', 'ios', 'sas', 'k8s', 'node.js', 'c++', 'front-end']) expect(formsOf(word), word).to.deep.equal([word]);
  });

  it('gives mass nouns, fields named by a gerund and -care and -ware compounds no plural or singular', () => {
    for (const word of ['data', 'healthcare', 'childcare', 'software', 'learning', 'nursing', 'engineering', 'research', 'staff'])
      expect(formsOf(word), word).to.deep.equal([word]);
    expect(formsOf('data')).not.to.include('datum');
    expect(formsOf('ring')).to.include('rings');
  });
});
