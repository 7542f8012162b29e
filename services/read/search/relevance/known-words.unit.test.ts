import { expect } from 'chai';
import { KnownWords, type TermVectorsClient } from './known-words';
import { TYPO_FIELDS } from './relevance';

/**
 * A client whose _termvectors answers come from `answers`, in turn: a number is the
 * document frequency of every word in every field, an Error a failed (or timed out) look-up.
 */
function stubClient(answers: (number | Error)[]) {
  const asked: string[][] = [];
  const client: TermVectorsClient = {
    search: () => Promise.resolve({}),
    termvectors: (request) => {
      const words = (request.doc as Record<string, string>).title.split(' ');
      asked.push(words);
      const answer = answers.shift();
      if (answer === undefined || answer instanceof Error) return Promise.reject(answer ?? new Error('no answer left'));
      const terms = Object.fromEntries(words.map((word) => [word, { doc_freq: answer }]));
      return Promise.resolve({
        term_vectors: Object.fromEntries([...TYPO_FIELDS, 'description'].map((field) => [`${field}.plain`, { terms }])),
      });
    },
  };
  return { client, asked };
}

describe('KnownWords: one policy per query, page after page', () => {
  it('gives the next request of the same words the policy of the first, even when its look-up failed', async () => {
    const { client, asked } = stubClient([new Error('timeout'), 10]);
    const words = new KnownWords(client, 'jobs');
    const first = await words.typoPolicy(['engineer', 'kotlin'], 0);
    expect([first('engineer'), first('kotlin')]).to.deep.equal([true, true]);
    // The same words in another order, a minute later: the same policy, without a look-up that would now succeed.
    const next = await words.typoPolicy(['kotlin', 'engineer', 'kotlin'], 60_000);
    expect(next).to.equal(first);
    expect(asked).to.have.length(1);
    // Other words are looked up as before, and the failed ones with them.
    expect((await words.typoPolicy(['engineer'], 60_000))('engineer')).to.equal(false);
    expect(asked).to.deep.equal([['engineer', 'kotlin'], ['engineer']]);
  });

  it('keeps a policy given when the answers of its words expire or change, until the policy is as old as ttlMs', async () => {
    const { client, asked } = stubClient([10, 10, 1, 1]);
    const words = new KnownWords(client, 'jobs', { ttlMs: 1000 });
    await words.typoPolicy(['kotlin'], 0);
    const first = await words.typoPolicy(['engineer', 'kotlin'], 500);
    expect([first('engineer'), first('kotlin')]).to.deep.equal([false, false]);
    // "kotlin" alone, once its answer is old: asked again, and now unknown (one posting).
    expect((await words.typoPolicy(['kotlin'], 1100))('kotlin')).to.equal(true);
    // The query of both words keeps its policy until that is old itself.
    expect(await words.typoPolicy(['engineer', 'kotlin'], 1400)).to.equal(first);
    expect(asked).to.have.length(3);
    const later = await words.typoPolicy(['engineer', 'kotlin'], 1500);
    expect([later('engineer'), later('kotlin')]).to.deep.equal([true, true]);
    expect(asked).to.deep.equal([['kotlin'], ['engineer'], ['kotlin'], ['engineer']]);
  });
});

/** A client that answers each word's document frequency per field from `docs`, and `jobs` as every field's job count. */
function fieldClient(docs: Record<string, Partial<Record<string, number>>>, jobs = 17_000): TermVectorsClient {
  return {
    search: () => Promise.resolve({}),
    termvectors: (request) => {
      const words = (request.doc as Record<string, string>).title.split(' ');
      const fields = [...TYPO_FIELDS, 'description'];
      return Promise.resolve({
        term_vectors: Object.fromEntries(
          fields.map((field) => [
            `${field}.plain`,
            {
              terms: Object.fromEntries(words.map((word) => [word, { doc_freq: docs[word]?.[field] ?? 0 }])),
              field_statistics: { doc_count: jobs },
            },
          ]),
        ),
      });
    },
  };
}

describe('KnownWords: places, and the rarity of stand-ins', () => {
  // Document frequencies of the real postings (17 616 of them).
  const docs = {
    leeds: { location: 180, title: 8, organization: 66, description: 285 },
    nhs: { location: 396, title: 41, organization: 9871, description: 7368 },
    hospital: { location: 3752, title: 87, organization: 817, description: 6965 },
    nurse: { location: 12, title: 2500, organization: 3, description: 6000 },
    // "Salisbury District Hospital", "Macclesfield District General Hospital": a district nurse is no place.
    district: { location: 132, title: 45, organization: 87, description: 624 },
    admin: { title: 400, description: 3000 },
    administrative: { title: 300, description: 5000 },
  };

  it('reads as places the words of more job locations than titles, unless employers are named by them or they name a kind of place', async () => {
    const policy = await new KnownWords(fieldClient(docs), 'jobs').typoPolicy(['leeds', 'nhs', 'hospital', 'nurse', 'district'], 0);
    expect([...(policy.places ?? [])]).to.deep.equal(['leeds']);
  });

  it('looks up the words of the stand-ins with the query words, and gives their rarity per field', async () => {
    const policy = await new KnownWords(fieldClient(docs), 'jobs').typoPolicy(['admin'], 0);
    // "administrative" is a synonym of "admin" (./synonyms): looked up in the same request.
    expect(policy.rarity?.('administrative', 'title')).to.be.closeTo(Math.log(1 + (17_000 - 300 + 0.5) / 300.5), 1e-9);
    expect(policy.rarity?.('admin', 'description')).to.be.closeTo(Math.log(1 + (17_000 - 3000 + 0.5) / 3000.5), 1e-9);
  });
});
