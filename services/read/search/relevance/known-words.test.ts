import { expect } from 'chai';
import { Client } from '@elastic/elasticsearch';
import { indexFreshJobs, jobDocument } from '../../../../test/fixtures/job-documents';
import { testConfig, testSearch } from '../../../../test/support/context';
import { KnownWords } from './known-words';

describe('KnownWords (which query words get typo tolerance)', () => {
  before(async () => {
    await indexFreshJobs([
      ...Array.from({ length: 3 }, () =>
        jobDocument({ title: 'Platform Engineer', skills: ['Kotlin'], description: 'Kubernetes on call, with the SDET rota.' }),
      ),
      jobDocument({ title: 'Enginer of one posting' }),
      jobDocument({ title: 'Finance Trainee', description: 'Study for the ACCA with us.' }),
      // "team" is in every description and two titles: a word of the setting, not of roles.
      ...Array.from({ length: 20 }, (_, i) => jobDocument({ title: i < 2 ? 'Team Lead' : 'Data Analyst', description: 'Join our team.' })),
      ...Array.from({ length: 3 }, () =>
        jobDocument({ title: 'Research Scientist', location: 'Redwood City, CA', description: 'Experiments.' }),
      ),
    ]);
  });

  it('knows words of three postings or more in a short field, and tolerates typos in the others', async () => {
    const policy = await new KnownWords(testSearch(), testConfig().indexAlias).typoPolicy(['engineer', 'kotlin', 'enginer', 'astronaut']);
    expect(['engineer', 'kotlin', 'enginer', 'astronaut'].map(policy)).to.deep.equal([false, false, true, true]);
  });

  it('matches as typed a word of four letters that descriptions have: an abbreviation, not a typo', async () => {
    const policy = await new KnownWords(testSearch(), testConfig().indexAlias).typoPolicy(['sdet', 'rota', 'astronaut']);
    expect(['sdet', 'rota', 'astronaut'].map(policy)).to.deep.equal([false, false, true]);
    // One description is enough: forgiven a typo, "acca" met the "ACC" and "ACCP" of titles.
    expect((await new KnownWords(testSearch(), testConfig().indexAlias).typoPolicy(['acca']))('acca')).to.equal(false);
  });

  it('names as places the words found in more job locations than job titles', async () => {
    // Most fixture jobs are located in Berlin (jobDocument's default); none has it in its title.
    const policy = await new KnownWords(testSearch(), testConfig().indexAlias).typoPolicy(['berlin', 'engineer', 'kotlin', 'astronaut']);
    expect([...(policy.places ?? [])]).to.deep.equal(['berlin']);
  });

  it('names as places the words of a pair that job locations hold more often than titles, though neither does alone', async () => {
    // "city" alone is a kind of place (Mexico City, city centre); "redwood city" is where three jobs are.
    const known = new KnownWords(testSearch(), testConfig().indexAlias);
    expect([...((await known.typoPolicy(['scientist', 'redwood', 'city'])).places ?? [])].sort()).to.deep.equal(['city', 'redwood']);
    expect([...((await known.typoPolicy(['city', 'scientist', 'redwood'])).places ?? [])]).to.deep.equal(['redwood']);
  });

  it('names as roles the words job titles have nearly as often as descriptions do', async () => {
    const policy = await new KnownWords(testSearch(), testConfig().indexAlias).typoPolicy([
      'engineer',
      'analyst',
      'team',
      'berlin',
      'astronaut',
    ]);
    expect([...(policy.roles ?? [])]).to.deep.equal(['engineer', 'analyst']);
  });

  it('reads an unknown word as the word near it that many more jobs have, and looks that word up as if typed', async () => {
    // No posting says "anaylst"; 18 titles say "analyst". One title says "enginer", and only three "engineer".
    const policy = await new KnownWords(testSearch(), testConfig().indexAlias).typoPolicy(['anaylst', 'enginer', 'astronaut']);
    expect([...(policy.corrections ?? [])]).to.deep.equal([['anaylst', 'analyst']]);
    expect([policy('analyst'), policy.roles?.has('analyst'), policy('enginer')]).to.deep.equal([false, true, true]);
    // With 20 times "enginer"'s one posting asked of the word meant, three are too few; with 3 times, enough.
    const lenient = await new KnownWords(testSearch(), testConfig().indexAlias, { correctionMargin: 3 }).typoPolicy(['enginer']);
    expect([...(lenient.corrections ?? [])]).to.deep.equal([['enginer', 'engineer']]);
  });

  it('reads a word no posting has as a word of descriptions only when no short field has one near it', async () => {
    // "kubernetes" is in three descriptions and no title: the skills of real postings are in their descriptions.
    const policy = await new KnownWords(testSearch(), testConfig().indexAlias).typoPolicy(['kubernets', 'analyst']);
    expect([...(policy.corrections ?? [])]).to.deep.equal([['kubernets', 'kubernetes']]);
  });

  it('answers from what it learnt without asking again, until the answer is old', async () => {
    const words = new KnownWords(testSearch(), testConfig().indexAlias, { ttlMs: 1000 });
    await words.typoPolicy(['engineer'], 0);
    const asked: string[] = [];
    testSearch().diagnostic.on('request', (_err, event) => asked.push(event?.meta.request.params.path ?? ''));
    try {
      expect((await words.typoPolicy(['engineer'], 500))('engineer')).to.equal(false);
      expect(asked).to.deep.equal([]);
      await words.typoPolicy(['engineer'], 1500);
      expect(asked).to.have.length(1);
    } finally {
      testSearch().diagnostic.removeAllListeners('request');
    }
  });

  it('keeps typo tolerance for every word when the index cannot be asked', async () => {
    const down = new Client({ node: 'http://127.0.0.1:1', maxRetries: 0, requestTimeout: 500, enableMetaHeader: false });
    const policy = await new KnownWords(down, testConfig().indexAlias).typoPolicy(['engineer']);
    expect(policy('engineer')).to.equal(true);
    await down.close();
  });

  it('forgets the oldest answers beyond its size', async () => {
    const words = new KnownWords(testSearch(), testConfig().indexAlias, { maxEntries: 1 });
    await words.typoPolicy(['engineer']);
    await words.typoPolicy(['kotlin']);
    const asked: string[] = [];
    testSearch().diagnostic.on('request', (_err, event) => asked.push(event?.meta.request.params.path ?? ''));
    try {
      await words.typoPolicy(['engineer']);
      expect(asked).to.have.length(1);
    } finally {
      testSearch().diagnostic.removeAllListeners('request');
    }
  });
});

describe('KnownWords (a word that job locations hold only inside a longer name)', () => {
  before(async () => {
    await indexFreshJobs([
      // "cook" is in three locations and one title: counted as a word, a place.
      ...Array.from({ length: 3 }, () =>
        jobDocument({ title: 'Staff Nurse', location: 'The James Cook University Hospital, Middlesbrough', description: 'Wards.' }),
      ),
      ...Array.from({ length: 3 }, () => jobDocument({ title: 'Porter', location: 'Potters Bar, EN6 2SE', description: 'Moving.' })),
      jobDocument({ title: 'Cook', location: 'Leeds', description: 'Cook for the patients.' }),
    ]);
  });

  it('names it no place unless the query gives the rest of the name', async () => {
    const known = new KnownWords(testSearch(), testConfig().indexAlias);
    expect([...((await known.typoPolicy(['bank', 'cook'])).places ?? [])]).to.deep.equal([]);
    expect([...((await known.typoPolicy(['weekend', 'bar', 'work'])).places ?? [])]).to.deep.equal([]);
    expect([...((await known.typoPolicy(['james', 'cook'])).places ?? [])].sort()).to.deep.equal(['cook', 'james']);
    expect([...((await known.typoPolicy(['porter', 'potters', 'bar'])).places ?? [])].sort()).to.deep.equal(['bar', 'potters']);
    // The city after it stands on its own.
    expect([...((await known.typoPolicy(['nurse', 'middlesbrough'])).places ?? [])]).to.deep.equal(['middlesbrough']);
  });
});
