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
});
