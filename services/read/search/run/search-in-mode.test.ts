import { expect } from 'chai';
import type { TextEmbedder } from '../../../../shared/embedding';
import { indexFreshEmbeddedJobs, testEmbedder } from '../../../../test/fixtures/embedded-jobs';
import { MEANING_CATALOG, MEANING_JOBS as J } from '../../../../test/fixtures/meaning-jobs';
import { testSearch } from '../../../../test/support/context';
import { readSearchParams } from '../params/params';
import { KnownWords } from '../relevance/known-words';
import { searchInMode, type SearchContext } from './search-in-mode';

// Which text each mode gives the model (the real one, watched, not stood in for): the query as
// it was meant, or as it was typed.
describe('search in a mode: the text the model embeds', function () {
  this.timeout(60_000);
  const embedded: string[] = [];
  let context: SearchContext;

  before(async () => {
    const index = await indexFreshEmbeddedJobs(MEANING_CATALOG);
    const model = await testEmbedder();
    const watched: TextEmbedder = {
      dims: model.dims,
      model: model.model,
      embedDocuments: (texts) => model.embedDocuments(texts),
      embedQueries: (texts) => {
        embedded.push(...texts);
        return model.embedQueries(texts);
      },
    };
    context = { client: testSearch(), index, embedder: watched, knownWords: new KnownWords(testSearch(), index, { minDocs: 1 }) };
  });
  beforeEach(() => (embedded.length = 0));

  it('hybrid embeds a misspelt query as it was meant, as its keyword list searches it, and says so', async () => {
    const page = await searchInMode(context, readSearchParams({ q: 'Physiotherapst', mode: 'hybrid', limit: 3 }));
    expect(embedded).to.deep.equal(['physiotherapist']);
    expect(page.hits[0].doc.id).to.equal(J.physiotherapist.id);
    expect(page.spelling).to.deep.equal({
      searched: 'physiotherapist',
      corrections: [{ typed: 'physiotherapst', read_as: 'physiotherapist' }],
    });
  });

  it('hybrid embeds a query the index knows every word of as typed', async () => {
    const page = await searchInMode(context, readSearchParams({ q: 'Data Engineer', mode: 'hybrid', limit: 3 }));
    expect(embedded).to.deep.equal(['Data Engineer']);
    expect(page.spelling).to.equal(undefined);
  });

  it('semantic search embeds the query as typed: it asks the index about no word', async () => {
    await searchInMode(context, readSearchParams({ q: 'Physiotherapst', mode: 'semantic', limit: 3 }));
    expect(embedded).to.deep.equal(['Physiotherapst']);
  });
});
