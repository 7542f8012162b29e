import { expect } from 'chai';
import { MAX_QUERY_WORDS, queryWords } from './query-words';

describe('queryWords', () => {
  it('lowercases, drops stop words, duplicates and surrounding punctuation', () => {
    expect(queryWords('Head of the Engineering, (Remote) engineering')).to.deep.equal({
      words: ['head', 'engineering', 'remote'],
      onlyStopWords: false,
    });
  });

  it('keeps inner punctuation, as the tokenizer does for "node.js"', () => {
    expect(queryWords('node.js developer').words).to.deep.equal(['node.js', 'developer']);
  });

  it('keeps a query made only of stop words as it is', () => {
    expect(queryWords('To be or not')).to.deep.equal({ words: ['to', 'be', 'or', 'not'], onlyStopWords: true });
  });

  it('keeps "it" in a query of keywords, where it means IT, and drops it from a sentence', () => {
    expect(queryWords('it support').words).to.deep.equal(['it', 'support']);
    expect(queryWords('IT')).to.deep.equal({ words: ['it'], onlyStopWords: false });
    expect(queryWords('is it remote').words).to.deep.equal(['remote']);
  });

  it('gives no words for punctuation only', () => {
    expect(queryWords(' !!! -- ')).to.deep.equal({ words: [], onlyStopWords: false });
  });

  it(`keeps at most ${MAX_QUERY_WORDS} words`, () => {
    const many = Array.from({ length: 50 }, (_, i) => `word${i}`).join(' ');
    expect(queryWords(many).words).to.have.length(MAX_QUERY_WORDS);
  });
});
