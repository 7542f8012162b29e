import { expect } from 'chai';
import { indexFreshEmbeddedJobs } from '../../../../test/fixtures/embedded-jobs';
import { MEANING_CATALOG, MEANING_JOBS as J } from '../../../../test/fixtures/meaning-jobs';
import { jobIds as ids, jobSearch, qParam as q } from '../../../../test/fixtures/read-client';

// The real model (bge-small-en-v1.5) embeds the fixtures and the queries; the real Elasticsearch ranks them.

/** Five role words, none naming a role or a place, in a sentence: a description of the work. */
const DESCRIPTION = 'looking after elderly people in their own homes';

describe('GET /agents/jobs/search: a keyword query that describes the work, ranked as hybrid search ranks it', function () {
  this.timeout(60_000);
  const search = jobSearch();

  before(async () => {
    // The companion, whose description has every word, has no vector: only the words can bring it.
    await indexFreshEmbeddedJobs(MEANING_CATALOG, [J.companion.id]);
  });

  it('ranks the jobs of both lists, fused as mode=hybrid fuses them, and says so', async () => {
    const described = await search(`${q(DESCRIPTION)}&limit=100`);
    const hybrid = await search(`${q(DESCRIPTION)}&mode=hybrid&limit=100`);
    expect(described.described).to.deep.equal({ ranked_as: 'hybrid' });
    expect(described).to.not.have.property('meaning_fill');
    expect(ids(described)).to.deep.equal(ids(hybrid));
    expect(ids(described)).to.include.members([J.companion.id, J.domiciliaryCarer.id]);
    expect(ids(described)).to.not.include(J.closedHomeCarer.id);
    expect(described.pagination).to.deep.include({ total_items: described.jobs.length, total_relation: 'eq' });
  });

  it('pages through the ranked list with numbered pages and cursors, without repeats', async () => {
    const whole = ids(await search(`${q(DESCRIPTION)}&limit=100`));
    const seen: string[] = [];
    let page = await search(`${q(DESCRIPTION)}&limit=4`);
    for (;;) {
      expect(page.described).to.deep.equal({ ranked_as: 'hybrid' });
      seen.push(...ids(page));
      if (!page.pagination.next_cursor) break;
      page = await search(`${q(DESCRIPTION)}&limit=4&cursor=${page.pagination.next_cursor}`);
    }
    expect(seen).to.deep.equal(whole);
    expect(ids(await search(`${q(DESCRIPTION)}&limit=4&page=2`))).to.deep.equal(whole.slice(4, 8));
  });

  it('applies the filters to both lists', async () => {
    const body = await search(`${q(DESCRIPTION)}&job_types=part_time&limit=100`);
    expect(body.described).to.deep.equal({ ranked_as: 'hybrid' });
    expect(ids(body)).to.have.members([J.domiciliaryCarer.id, J.supportWorker.id]);
  });

  it('leaves to the words a description that names a place, another order than relevance, and a short query', async () => {
    const placed = await search(`${q(`${DESCRIPTION} in london`)}&limit=100`);
    expect(placed).to.not.have.property('described');
    expect(placed.place).to.deep.include({ words: ['london'] });
    const newest = await search(`${q(DESCRIPTION)}&sort=newest&limit=100`);
    expect(newest).to.not.have.property('described');
    expect(ids(newest)).to.not.include(J.domiciliaryCarer.id);
    expect(await search(q('elderly people in their own homes'))).to.not.have.property('described');
  });

  it('answers with the words alone when no job near in meaning passes the filters', async () => {
    // No job with a vector is remote: the kNN list is empty, and keyword search answers as it would.
    const body = await search(`${q(DESCRIPTION)}&remote=true`);
    expect(body).to.not.have.property('described');
    expect(body).to.not.have.property('meaning_fill');
  });
});
