import { expect } from 'chai';
import { indexFreshJobs } from '../../../../test/fixtures/job-documents';
import { readClient } from '../../../../test/fixtures/read-client';
import { RELEVANCE_JOBS, relevanceJobName, type RelevanceJobName } from '../../../../test/fixtures/relevance-jobs';

/**
 * Golden relevance queries over a fixed corpus (test/fixtures/relevance-jobs.ts). A change to
 * the scoring that reorders these results must be deliberate: update the expectations with it.
 */
describe('search relevance (golden queries)', () => {
  const client = readClient();
  /** The names of the corpus jobs a query finds, best first. */
  const ranked = async (q: string): Promise<(RelevanceJobName | undefined)[]> => {
    const res = await client.get(`/agents/jobs/search?q=${encodeURIComponent(q)}&limit=100`);
    expect(res.status).to.equal(200);
    return res.body.jobs.map((job: { id: string }) => relevanceJobName(job.id));
  };

  before(async () => {
    await indexFreshJobs(Object.values(RELEVANCE_JOBS));
  });

  it('ranks a word in the title first, in skills, organization or tags next, in the description last', async () => {
    const order = await ranked('kotlin');
    expect(order).to.have.length(5);
    expect(order[0]).to.equal('kotlinInTitle');
    expect(order.slice(1, 4)).to.have.members(['kotlinInSkills', 'kotlinInOrganization', 'kotlinInTags']);
    expect(order[4]).to.equal('kotlinInDescription');
  });

  it('ranks the exact phrase in the title above the same words apart (even when those are newer)', async () => {
    expect(RELEVANCE_JOBS.dataEngineerApart.created_at > RELEVANCE_JOBS.dataEngineerPhrase.created_at).to.equal(true);
    expect(await ranked('data engineer')).to.deep.equal(['dataEngineerPhrase', 'dataEngineerApart']);
  });

  it('ranks the exact phrase in the description above the same words apart', async () => {
    // (mlAbbreviated, found through the synonym "ml", is ranked further below.)
    expect((await ranked('machine learning')).filter((name) => name !== 'mlAbbreviated')).to.deep.equal(['mlPhrase', 'mlApart']);
  });

  it('forgives a small typo: "typscript" finds the TypeScript job', async () => {
    expect(await ranked('typscript')).to.deep.equal(['typescript']);
  });

  it('forgives a typo in one field while another word matches in another field', async () => {
    expect(await ranked('typscript engineer')).to.deep.equal(['typescript']);
  });

  it('ranks an exact word above a near miss, even a newer one', async () => {
    expect(RELEVANCE_JOBS.nearWord.created_at > RELEVANCE_JOBS.exactWord.created_at).to.equal(true);
    expect(await ranked('elixir')).to.deep.equal(['exactWord', 'nearWord']);
    expect(await ranked('elixer')).to.deep.equal(['nearWord', 'exactWord']);
  });

  it('stems: "developers" finds every "Developer" job', async () => {
    expect(await ranked('developers')).to.have.members(['kotlinInTitle', 'kotlinInSkills', 'kotlinInOrganization', 'kotlinInTags', 'kotlinInDescription']);
  });

  it('breaks ties by newest', async () => {
    expect(await ranked('terraform')).to.deep.equal(['twinNewer', 'twinOlder']);
  });

  it('finds synonyms ("k8s" for "kubernetes"), below the word itself even when newer', async () => {
    expect(RELEVANCE_JOBS.k8sInSkills.created_at > RELEVANCE_JOBS.kubernetesInSkills.created_at).to.equal(true);
    expect(await ranked('kubernetes')).to.deep.equal(['kubernetesInSkills', 'k8sInSkills']);
    expect(await ranked('k8s')).to.deep.equal(['k8sInSkills', 'kubernetesInSkills']);
    expect(await ranked('js')).to.deep.equal(['javascriptInSkills']);
    expect(await ranked('golang')).to.deep.equal(['kotlinInOrganization']);
  });

  it('expands an abbreviation to its phrase, which must stand together', async () => {
    expect(await ranked('ml')).to.deep.equal(['mlAbbreviated', 'mlPhrase']);
    expect(await ranked('sre')).to.deep.equal(['twinNewer', 'twinOlder']);
  });

  it('reads a spelled-out phrase as one term that its abbreviation stands in for: below the exact phrase, above the words apart', async () => {
    expect(await ranked('machine learning')).to.deep.equal(['mlPhrase', 'mlAbbreviated', 'mlApart']);
    // The phrase counts as one term: these queries have three each, so all three must match...
    expect(await ranked('ml weather farms')).to.deep.equal(['mlAbbreviated', 'mlPhrase']);
    // ...unless no job has all three: then two of the three will do, rather than nothing.
    expect(await ranked('machine learning weather astronomy')).to.deep.equal(['mlPhrase', 'mlAbbreviated', 'mlApart']);
  });

  it('matches "frontend" with "Front-End", and "front end" with "Frontend"', async () => {
    expect(await ranked('frontend')).to.deep.equal(['typescript', 'frontEndHyphen']);
    expect(await ranked('front end')).to.have.members(['typescript', 'frontEndHyphen']);
  });

  it('needs every word of a short query', async () => {
    expect(await ranked('kotlin payments')).to.deep.equal(['kotlinInTitle']);
    expect(await ranked('kotlin astronomy')).to.deep.equal([]);
  });

  it('ignores stop words and punctuation between the words', async () => {
    expect(await ranked('the Kotlin, developer!')).to.deep.equal(await ranked('kotlin developer'));
  });
});
