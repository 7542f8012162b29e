import { expect } from 'chai';
import { KnownWords, type TermVectorsClient } from './known-words';
import { TYPO_FIELDS } from './relevance';

const asksPairs = (request: { fields?: string | string[] }) => [request.fields ?? []].flat().some((field) => field.endsWith('.pairs'));

/**
 * A client whose _termvectors answers for words come from `answers`, in turn: a number is the
 * document frequency of every word in every field, an Error a failed (or timed out) look-up. It
 * knows no pair of words.
 */
function stubClient(answers: (number | Error)[]) {
  const asked: string[][] = [];
  const client: TermVectorsClient = {
    search: () => Promise.resolve({}),
    termvectors: (request) => {
      if (asksPairs(request)) return Promise.resolve({});
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
    // The same words, one repeated, a minute later: the same policy, without a look-up that would now succeed.
    const next = await words.typoPolicy(['engineer', 'kotlin', 'kotlin'], 60_000);
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

/**
 * A client that answers each word's document frequency per field from `docs`, and `jobs` as every
 * field's job count; and each pair of adjacent words' per field from `pairs` ("redwood city").
 */
function fieldClient(
  docs: Record<string, Partial<Record<string, number>>>,
  jobs = 17_000,
  pairs: Record<string, Partial<Record<string, number>>> = {},
): TermVectorsClient {
  return {
    search: () => Promise.resolve({}),
    termvectors: (request) => {
      const words = (request.doc as Record<string, string>).title.split(' ');
      if (asksPairs(request)) {
        const adjacent = words.slice(1).map((word, i) => `${words[i]} ${word}`);
        const fields = ['location', 'title', 'description'];
        const terms = (field: string) => Object.fromEntries(adjacent.map((pair) => [pair, { doc_freq: pairs[pair]?.[field] ?? 0 }]));
        return Promise.resolve({
          term_vectors: Object.fromEntries(
            fields.map((field) => [`${field}.pairs`, { terms: terms(field), field_statistics: { doc_count: jobs } }]),
          ),
        });
      }
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
    // "Beds" (Bedfordshire) and "Low Moor" stand in some locations; descriptions say them far more often.
    beds: { location: 19, title: 2, organization: 0, description: 1100 },
    low: { location: 8, title: 6, organization: 1, description: 1900 },
    admin: { title: 400, description: 3000 },
    administrative: { title: 300, description: 5000 },
  };

  it('reads as places the words of more job locations than titles, unless employers are named by them, they name a kind of place or descriptions say them far more often', async () => {
    const policy = await new KnownWords(fieldClient(docs), 'jobs').typoPolicy(
      ['leeds', 'nhs', 'hospital', 'nurse', 'district', 'beds', 'low'],
      0,
    );
    expect([...(policy.places ?? [])]).to.deep.equal(['leeds']);
  });

  it('reads as places the words of a pair that names one place together, though neither does alone', async () => {
    // Document frequencies in the manner of the real postings': "city" is a kind of place, "high" in more titles than locations.
    const words = {
      ...docs,
      redwood: { location: 54, title: 3, description: 9 },
      city: { location: 900, title: 40, organization: 600, description: 1500 },
      high: { location: 40, title: 240, description: 7000 },
      wycombe: { location: 40, title: 0, description: 30 },
      care: { location: 300, title: 4000, description: 12000 },
      home: { location: 200, title: 300, description: 5000 },
      health: { location: 500, title: 900, organization: 9000, description: 9000 },
      centre: { location: 900, title: 60, description: 2000 },
    };
    const pairs = {
      'redwood city': { location: 54, title: 3, description: 9 },
      'high wycombe': { location: 38, title: 0, description: 24 },
      // In locations ("Oak Lodge Care Home"), but far more often in descriptions: no place.
      'care home': { location: 20, title: 12, description: 1260 },
      // Two kinds of place say what a place is, not where.
      'health centre': { location: 128, title: 7, description: 148 },
    };
    const known = new KnownWords(fieldClient(words, 17_000, pairs), 'jobs');
    const placesOf = async (query: string[]) => [...((await known.typoPolicy(query, 0)).places ?? [])].sort();
    expect(await placesOf(['data', 'scientist', 'redwood', 'city'])).to.deep.equal(['city', 'redwood']);
    expect(await placesOf(['nurse', 'high', 'wycombe'])).to.deep.equal(['high', 'wycombe']);
    expect(await placesOf(['nurse', 'care', 'home'])).to.deep.equal([]);
    expect(await placesOf(['nurse', 'health', 'centre', 'leeds'])).to.deep.equal(['leeds']);
    // Only adjacent words pair: "city" after a word it names no place with stays a word of the role.
    expect(await placesOf(['city', 'planner', 'leeds'])).to.deep.equal(['leeds']);
  });

  it("reads as places the world's cities that too few job locations hold to tell, unless titles, employers or many descriptions have the word", async () => {
    // Document frequencies of the real postings: no job is in Austin or San Antonio, two are in Glasgow.
    const words = {
      ...docs,
      software: { title: 300, description: 2000 },
      engineer: { title: 900, description: 3000 },
      austin: { location: 0, title: 1, description: 24 },
      glasgow: { location: 2, title: 2, description: 11 },
      independence: { location: 0, title: 1, description: 680 },
      mobile: { location: 0, title: 40, description: 700 },
      jackson: { location: 0, title: 0, organization: 3, description: 38 },
      man: { location: 0, title: 0, description: 30 },
      san: { location: 0, title: 0, description: 5 },
      antonio: { location: 0, title: 0, description: 2 },
    };
    const world = new Set(['austin', 'glasgow', 'independence', 'mobile', 'jackson', 'man', 'san antonio', 'leeds']);
    const known = new KnownWords(fieldClient(words, 17_000, { 'san antonio': { description: 2 } }), 'jobs', {
      worldPlaces: () => Promise.resolve(world),
    });
    const placesOf = async (query: string[]) => [...((await known.typoPolicy(query, 0)).places ?? [])].sort();
    expect(await placesOf(['software', 'engineer', 'austin'])).to.deep.equal(['austin']);
    expect(await placesOf(['nurse', 'glasgow'])).to.deep.equal(['glasgow']);
    expect(await placesOf(['nurse', 'san', 'antonio'])).to.deep.equal(['antonio', 'san']);
    // Words of English that descriptions have often, titles or employers' names, and three letters ("Man", Côte d'Ivoire).
    expect(await placesOf(['independence', 'mobile', 'jackson', 'man', 'nurse'])).to.deep.equal([]);
    // Unknown to the world, a word no location holds stays a word.
    const unknownToWorld = new KnownWords(fieldClient(words), 'jobs', { worldPlaces: () => Promise.resolve(new Set<string>()) });
    expect([...((await unknownToWorld.typoPolicy(['software', 'engineer', 'austin'], 0)).places ?? [])]).to.deep.equal([]);
  });

  it('looks up the words of the stand-ins with the query words, and gives their rarity per field', async () => {
    const policy = await new KnownWords(fieldClient(docs), 'jobs').typoPolicy(['admin'], 0);
    // "administrative" is a synonym of "admin" (./synonyms): looked up in the same request.
    expect(policy.rarity?.('administrative', 'title')).to.be.closeTo(Math.log(1 + (17_000 - 300 + 0.5) / 300.5), 1e-9);
    expect(policy.rarity?.('admin', 'description')).to.be.closeTo(Math.log(1 + (17_000 - 3000 + 0.5) / 3000.5), 1e-9);
  });
});

describe('KnownWords: abbreviations the postings spell out', () => {
  /** Every word in 5 of 1 000 jobs' fields; the definition search answers `passages` for each posting, or fails. */
  function definingClient(
    search: () => Promise<{ hits?: { hits: { _id: string; _index: string; highlight?: Record<string, string[]> }[] } }>,
  ) {
    const searched: unknown[] = [];
    const client: TermVectorsClient = {
      search: (request) => {
        searched.push(request);
        return search();
      },
      termvectors: (request) => {
        if (asksPairs(request)) return Promise.resolve({});
        const words = (request.doc as Record<string, string>).title.split(' ');
        const terms = Object.fromEntries(words.map((word) => [word, { doc_freq: 5 }]));
        const field = { terms, field_statistics: { doc_count: 1000 } };
        return Promise.resolve({
          term_vectors: Object.fromEntries([...TYPO_FIELDS, 'description'].map((name) => [`${name}.plain`, field])),
        });
      },
    };
    return { client, searched };
  }
  const posting = (i: number, passage: string) => ({ _id: String(i), _index: 'jobs', highlight: { 'description.plain': [passage] } });

  it('reads a short word as what three postings or more spell it out as, asked once', async () => {
    const { client, searched } = definingClient(() =>
      Promise.resolve({
        hits: { hits: [0, 1, 2].map((i) => posting(i, 'Trained in the Prevention and Management of Violence and Aggression (PMVA).')) },
      }),
    );
    const words = new KnownWords(client, 'jobs');
    const policy = await words.typoPolicy(['pmva', 'nurse'], 0);
    expect([...(policy.definitions ?? [])]).to.deep.equal([['pmva', 'prevention and management of violence and aggression']]);
    // "nurse" was asked about too (five letters, few descriptions), and has none.
    expect(searched).to.have.length(2);
    await words.typoPolicy(['pmva'], 1000);
    expect(searched).to.have.length(2);
  });

  it('gives no definition when the search fails, and asks again for the next query', async () => {
    const { client, searched } = definingClient(() => Promise.reject(new Error('timeout')));
    const words = new KnownWords(client, 'jobs');
    expect((await words.typoPolicy(['pmva'], 0)).definitions).to.equal(undefined);
    await words.typoPolicy(['pmva', 'ward'], 1000);
    expect(searched).to.have.length(3);
  });
});
