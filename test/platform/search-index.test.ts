import { expect } from 'chai';
import { ensureIndex, indicesBehindAlias, swapAlias, createVersionedIndex } from '../../shared/search/index-admin';
import { deleteTestIndices, testConfig, testSearch } from '../support/context';

async function tokens(index: string, analyzer: string, text: string): Promise<string[]> {
  const res = await testSearch().indices.analyze({ index, analyzer, text });
  return (res.tokens ?? []).map((t) => t.token);
}

describe('the jobs index definition', () => {
  const alias = testConfig().indexAlias;
  let index: string;

  before(async () => {
    await deleteTestIndices();
    const result = await ensureIndex(testSearch(), alias);
    expect(result.created).to.equal(true);
    index = result.index;
  });

  it('creates a versioned index behind the alias, once', async () => {
    expect(index).to.match(new RegExp(`^${alias}_v\\d{17}$`));
    expect(await indicesBehindAlias(testSearch(), alias)).to.deep.equal([index]);
    const again = await ensureIndex(testSearch(), alias);
    expect(again).to.deep.equal({ created: false, index });
  });

  it('keeps English words as written (no dictionary stemmer since issue 16: query time handles word forms) and drops stop words', async () => {
    expect(await tokens(index, 'english_text', 'The Developers of Companies')).to.deep.equal(['developers', 'companies']);
  });

  it('builds word pairs for phrase boosting', async () => {
    expect(await tokens(index, 'word_pairs', 'Senior Data Engineer')).to.deep.equal(['senior data', 'data engineer']);
  });

  it('matches keyword filters case-insensitively through the normalizer', async () => {
    await testSearch().index({
      index: alias,
      id: 'x',
      refresh: true,
      document: {
        id: 'x',
        title: 'T',
        organization: 'O',
        organization_id: 'o',
        location: 'L',
        location_id: 'l',
        type: 'full_time',
        salary: '1',
        skills: ['TypeScript'],
        tags: ['Remote'],
        experience: 'Senior',
        responsibilities: [],
        is_active: true,
        generate_screening: false,
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
      },
    });
    const res = await testSearch().count({
      index: alias,
      query: {
        bool: {
          filter: [
            { term: { 'skills.lower': 'typescript' } },
            { term: { 'tags.lower': 'REMOTE' } },
            { term: { 'experience.lower': 'senior' } },
          ],
        },
      },
    });
    expect(res.count).to.equal(1);
    await testSearch().delete({ index: alias, id: 'x', refresh: true });
  });

  it('refuses documents with unknown fields (strict mapping)', async () => {
    let status = 0;
    await testSearch()
      .index({ index: alias, id: 'y', document: { surprise: 1 } })
      .catch((e) => (status = e.meta.statusCode));
    expect(status).to.equal(400);
  });

  it('swaps the alias atomically to a new versioned index', async () => {
    const next = await createVersionedIndex(testSearch(), alias, `${alias}_v99999999999999999`);
    const previous = await swapAlias(testSearch(), alias, next);
    expect(previous).to.deep.equal([index]);
    expect(await indicesBehindAlias(testSearch(), alias)).to.deep.equal([next]);
    await testSearch().indices.delete({ index });
  });
});
