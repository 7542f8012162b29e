import { expect } from 'chai';
import { RANKED_DEPTH } from '../../../../shared/schemas/job-search';
import { indexFreshEmbeddedJobs, testEmbedder } from '../../../../test/fixtures/embedded-jobs';
import { MEANING_CATALOG, MEANING_JOBS as J } from '../../../../test/fixtures/meaning-jobs';
import { testSearch } from '../../../../test/support/context';
import { readSearchParams } from '../params/params';
import { DEFAULT_FUSION, fuse } from '../relevance/fusion';
import { KnownWords } from '../relevance/known-words';
import { queryWords } from '../relevance/query-words';
import { rankedPage } from './ranked-page';
import { hybridLists, hybridSearch } from './ranked-search';

// A hybrid page of the common kind is fetched by id once both lists are fused. The kNN list
// mostly arrives first, and its first jobs are most of the page: hybridSearch fetches them while
// the keyword list is still being searched, and afterwards only the page's other jobs.

interface Sent {
  path: string;
  /** As sent: JSON, or the lines of a multi-search. */
  body: string;
}

describe('hybrid search: the kNN list’s first jobs fetched before the keyword list arrives', function () {
  this.timeout(60_000);
  let index: string;
  let sent: Sent[] = [];

  before(async () => {
    index = await indexFreshEmbeddedJobs(MEANING_CATALOG, [J.companion.id]);
    testSearch().diagnostic.on('request', (_err, event) => {
      const params = event?.meta.request.params;
      const body = params?.body ?? '';
      sent.push({ path: params?.path ?? '', body: typeof body === 'string' ? body : JSON.stringify(body) });
    });
  });
  after(() => testSearch().diagnostic.removeAllListeners('request'));
  beforeEach(() => (sent = []));

  const embed = (q: string) => async () => (await (await testEmbedder()).embedQueries([q]))[0];
  const typosNow = (q: string) => () => new KnownWords(testSearch(), index, { minDocs: 1 }).typoPolicy(queryWords(q).words);
  // The keyword search is asked for only once the typo policy is known: held back, it answers
  // last, whatever the machine's speed. The policy is read before, so its own requests are not counted.
  const typosAfter = async (q: string, ms: number) => {
    const policy = await typosNow(q)();
    return () => new Promise<typeof policy>((resolve) => setTimeout(() => resolve(policy), ms));
  };
  const kinds = () =>
    sent.map((request) => (request.path.endsWith('/_mget') ? 'mget' : request.body.includes('"knn"') ? 'knn' : 'keyword'));
  /**
   * The two lists of a query (read first, not counted), then its hybrid page with the keyword
   * search held back 300 ms, counting only the page's own requests.
   */
  const heldBack = async (q: string, params: ReturnType<typeof readSearchParams>) => {
    const lists = await hybridLists(testSearch(), index, params, embed(q), typosNow(q));
    const typos = await typosAfter(q, 300);
    sent = [];
    const page = await hybridSearch(testSearch(), index, params, embed(q), typos);
    return { lists, page };
  };
  /** The ids each multi-get asked for, and whether the first went out before the first keyword search. */
  const multiGets = () => {
    const order = kinds();
    return {
      ids: sent.filter((request) => request.path.endsWith('/_mget')).map((request) => (JSON.parse(request.body) as { ids: string[] }).ids),
      beforeKeyword: order.includes('mget') && order.indexOf('mget') < order.indexOf('keyword'),
    };
  };

  it('asks for the page of a query no job has every word of before the keyword list answers, and nothing after', async () => {
    const q = 'help patients recover movement after surgery';
    const { lists, page } = await heldBack(q, readSearchParams({ q, mode: 'hybrid', limit: 3 }));
    expect(lists.keyword, 'no job has every word').to.be.empty;
    const firstOfKnn = lists.semantic.slice(0, 3).map((job) => job.id);
    expect(multiGets()).to.deep.equal({ ids: [firstOfKnn], beforeKeyword: true });
    expect(page.hits.map((hit) => hit.doc.id)).to.deep.equal(firstOfKnn);
    expect(page.hits[0].doc).to.deep.equal(MEANING_CATALOG.find((job) => job.id === page.hits[0].doc.id));
  });

  it('fetches afterwards only the page’s jobs the kNN list’s first did not bring, and answers the page it would have', async () => {
    // The companion has no vector: only the keyword list brings it, at the top of the page.
    const q = 'companion london';
    const params = readSearchParams({ q, mode: 'hybrid', limit: 3 });
    const { lists, page } = await heldBack(q, params);
    const firstOfKnn = lists.semantic.slice(0, 3).map((job) => job.id);
    const others = page.hits.map((hit) => hit.doc.id).filter((id) => !firstOfKnn.includes(id));
    expect(multiGets()).to.deep.equal({ ids: [firstOfKnn, others], beforeKeyword: true });
    const unprefetched = await rankedPage(testSearch(), index, params, fuse(lists.keyword, lists.semantic, DEFAULT_FUSION, RANKED_DEPTH));
    expect(page).to.deep.equal(unprefetched);
    expect(page.hits.map((hit) => hit.doc.id)).to.include(J.companion.id);
  });

  it('fetches a later page’s kNN jobs from its place in the list', async () => {
    const q = 'help patients recover movement after surgery';
    const { lists, page } = await heldBack(q, readSearchParams({ q, mode: 'hybrid', limit: 2, page: 2 }));
    const placeInKnn = lists.semantic.slice(2, 4).map((job) => job.id);
    expect(multiGets()).to.deep.equal({ ids: [placeInKnn], beforeKeyword: true });
    expect(page.hits.map((hit) => hit.doc.id)).to.deep.equal(placeInKnn);
  });
});
