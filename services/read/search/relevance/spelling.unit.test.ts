import { expect } from 'chai';
import type { estypes } from '@elastic/elasticsearch';
import { suggestCorrections, type SuggestClient } from './spelling';

type Option = { text: string; score: number; freq: number };

/** A client whose term suggesters answer `options` per field (the same for every word), and that records what it was asked. */
function suggesting(options: Record<string, Option[]>, fail = false) {
  const asked: estypes.SearchRequest[] = [];
  const client: SuggestClient = {
    search: (request) => {
      asked.push(request);
      if (fail) return Promise.reject(new Error('timeout'));
      const suggest = Object.fromEntries(
        Object.entries(request.suggest as Record<string, { text: string; term: { field: string } }>).map(([name, { text, term }]) => [
          name,
          [{ text, offset: 0, length: text.length, options: options[term.field.replace('.plain', '')] ?? [] }],
        ]),
      );
      return Promise.resolve({ suggest } as Pick<estypes.SearchResponse, 'suggest'>);
    },
  };
  return { client, asked };
}

describe('suggestCorrections: the word an unknown word most likely meant', () => {
  it('takes the nearest spelling that many jobs have, not a rare one in another field', async () => {
    // "enginer": an employer named "... Engines" (one posting) against 358 "Engineer" titles.
    const { client } = suggesting({
      title: [{ text: 'engineer', score: 0.875, freq: 358 }],
      organization: [{ text: 'engines', score: 0.9, freq: 1 }],
    });
    const found = await suggestCorrections(client, 'jobs', [{ word: 'enginer', margin: 20, unseen: false }], 3, 300);
    expect([...found!]).to.deep.equal([['enginer', 'engineer']]);
  });

  it('prefers the nearer of two spellings, and the commoner of two as near', async () => {
    const { client } = suggesting({
      title: [
        { text: 'nurse', score: 0.8, freq: 2500 },
        { text: 'nursery', score: 0.8, freq: 40 },
      ],
      skills: [{ text: 'nurses', score: 0.9, freq: 30 }],
    });
    expect([...(await suggestCorrections(client, 'jobs', [{ word: 'nursse', margin: 20, unseen: false }], 3, 300))!]).to.deep.equal([
      ['nursse', 'nurses'],
    ]);
    const tie = suggesting({ title: [{ text: 'nursery', score: 0.8, freq: 40 }], skills: [{ text: 'nurse', score: 0.8, freq: 2500 }] });
    expect([...(await suggestCorrections(tie.client, 'jobs', [{ word: 'nurze', margin: 20, unseen: false }], 3, 300))!]).to.deep.equal([
      ['nurze', 'nurse'],
    ]);
  });

  it('corrects nothing to a spelling fewer jobs have than the margin asks (a word of descriptions is no typo)', async () => {
    const { client } = suggesting({ title: [{ text: 'analyst', score: 0.857, freq: 1000 }] });
    // "analyse": in 300 descriptions, so a title word near it must be in 20 x 300 postings.
    expect((await suggestCorrections(client, 'jobs', [{ word: 'analyse', margin: 6000, unseen: false }], 3, 300))!.size).to.equal(0);
  });

  it('asks only about words of five letters or more, without digits: four letters may be an abbreviation', async () => {
    const { client, asked } = suggesting({ location: [{ text: 'amp', score: 0.667, freq: 353 }] });
    const words = ['amhp', 'jav', 'j2ee2'].map((word) => ({ word, margin: 0, unseen: true }));
    expect((await suggestCorrections(client, 'jobs', words, 3, 300))!.size).to.equal(0);
    expect(asked).to.deep.equal([]);
  });

  it('asks two edits of a word of seven letters or more, one of a shorter word, never in the first letter', async () => {
    const { client, asked } = suggesting({});
    await suggestCorrections(
      client,
      'jobs',
      [
        { word: 'radiografer', margin: 20, unseen: false },
        { word: 'nurce', margin: 20, unseen: false },
      ],
      3,
      300,
    );
    const terms = Object.values(asked[0].suggest as Record<string, { text: string; term: estypes.SearchTermSuggester }>);
    expect(new Set(terms.map(({ text, term }) => `${text} ${term.max_edits} ${term.prefix_length}`))).to.deep.equal(
      new Set(['radiografer 2 1', 'nurce 1 1']),
    );
  });

  it('looks in descriptions only for a word no posting has, and only when no short field has a word near it', async () => {
    // Descriptions name the skills ("kubernetes", 300 of them); their common words would win over titles' roles.
    const { client } = suggesting({
      title: [{ text: 'statistician', score: 0.909, freq: 10 }],
      description: [
        { text: 'statistical', score: 0.909, freq: 1000 },
        { text: 'kubernetes', score: 0.9, freq: 300 },
      ],
    });
    const ask = (word: string, unseen: boolean) => suggestCorrections(client, 'jobs', [{ word, margin: 0, unseen }], 3, 300);
    expect([...(await ask('statistican', true))!]).to.deep.equal([['statistican', 'statistician']]);
    const skills = suggesting({ description: [{ text: 'kubernetes', score: 0.9, freq: 300 }] });
    expect([...(await suggestCorrections(skills.client, 'jobs', [{ word: 'kubernets', margin: 0, unseen: true }], 3, 300))!]).to.deep.equal(
      [['kubernets', 'kubernetes']],
    );
    // A word some description has ("stata") is never read as a word of descriptions ("state").
    const words = suggesting({ description: [{ text: 'state', score: 0.8, freq: 5000 }] });
    expect((await suggestCorrections(words.client, 'jobs', [{ word: 'stata', margin: 300, unseen: false }], 3, 300))!.size).to.equal(0);
  });

  it('answers undefined when the request fails, so that the words keep their typo tolerance and are asked again', async () => {
    const { client } = suggesting({}, true);
    expect(await suggestCorrections(client, 'jobs', [{ word: 'enginer', margin: 20, unseen: false }], 3, 300)).to.equal(undefined);
  });
});
