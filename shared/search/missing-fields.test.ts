import { expect } from 'chai';
import { testConfig, testSearch } from '../../test/support/context';
import { ensureIndex } from './index-admin';
import { indexMappings, indexSettings } from './index-definition';

describe('ensureIndex on an index made before fields were added', () => {
  const alias = `${testConfig().indexAlias}_older`;
  const index = `${alias}_v1`;
  after(() => testSearch().indices.delete({ index, ignore_unavailable: true }));

  it('adds the missing fields of the strict mapping, so documents carrying them are accepted', async () => {
    await testSearch().indices.delete({ index, ignore_unavailable: true });
    const { salary_annual_max: _a, workplace_type: _w, ...older } = indexMappings.properties!;
    await testSearch().indices.create({ index, settings: indexSettings, mappings: { ...indexMappings, properties: older } });
    await testSearch().indices.updateAliases({ actions: [{ add: { index, alias, is_write_index: true } }] });
    expect(await ensureIndex(testSearch(), alias)).to.deep.equal({ created: false, index });
    const mapping = (await testSearch().indices.getMapping({ index }))[index].mappings.properties!;
    expect(mapping.salary_annual_max).to.deep.equal({ type: 'double' });
    expect(mapping.workplace_type).to.deep.equal({ type: 'keyword' });
  });

  it("gains issue 30's vector and its key in place, and keeps the documents it held", async () => {
    await testSearch().indices.delete({ index, ignore_unavailable: true });
    const { embedding: _e, embedding_key: _k, ...older } = indexMappings.properties!;
    await testSearch().indices.create({ index, settings: indexSettings, mappings: { ...indexMappings, properties: older } });
    await testSearch().indices.updateAliases({ actions: [{ add: { index, alias, is_write_index: true } }] });
    await testSearch().index({ index: alias, id: 'before', document: { id: 'before', title: 'Indexed before issue 30' }, refresh: true });
    expect(await ensureIndex(testSearch(), alias)).to.deep.equal({ created: false, index });
    const mapping = (await testSearch().indices.getMapping({ index }))[index].mappings.properties!;
    expect(mapping.embedding).to.deep.include({ type: 'dense_vector', dims: 384, similarity: 'dot_product' });
    expect(mapping.embedding_key).to.deep.equal({ type: 'keyword' });
    const unit = Array.from({ length: 384 }, (_, i) => (i === 0 ? 1 : 0));
    await testSearch().index({ index: alias, id: 'after', document: { id: 'after', embedding: unit, embedding_key: 'k' }, refresh: true });
    expect((await testSearch().get({ index: alias, id: 'before' }))._source).to.deep.equal({
      id: 'before',
      title: 'Indexed before issue 30',
    });
    const knn = await testSearch().search({ index: alias, knn: { field: 'embedding', query_vector: unit, k: 1, num_candidates: 10 } });
    expect(knn.hits.hits.map((h) => h._id)).to.deep.equal(['after']);
  });
});
