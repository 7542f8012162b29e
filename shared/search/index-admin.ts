import type { Client, estypes } from '@elastic/elasticsearch';
import { indexMappings, indexSettings } from './index-definition';

/** Name of a new versioned index behind `alias`, e.g. jobs_v20261121224915123. */
export function newIndexName(alias: string, now = new Date()): string {
  return `${alias}_v${now.toISOString().replace(/\D/g, '').slice(0, 17)}`;
}

/**
 * Creates a versioned index with the jobs definition (not yet behind the alias). `settings` is
 * indexSettingsFor(config) wherever ES_REPLICAS must apply (start-up, reindex); without it, the
 * replica rule that needs no setting.
 */
export async function createVersionedIndex(
  client: Client,
  alias: string,
  name = newIndexName(alias),
  settings: estypes.IndicesIndexSettings = indexSettings,
): Promise<string> {
  await client.indices.create({ index: name, settings, mappings: indexMappings }, { requestTimeout: 30_000 });
  return name;
}

/** The indices the alias points at now (empty when the alias does not exist). */
export async function indicesBehindAlias(client: Client, alias: string): Promise<string[]> {
  const exists = await client.indices.existsAlias({ name: alias });
  if (!exists) return [];
  return Object.keys(await client.indices.getAlias({ name: alias }));
}

/**
 * Makes sure the alias exists, creating a first versioned index behind it when missing.
 * Returns true when it created one (the caller then fills it from Postgres).
 */
export async function ensureIndex(
  client: Client,
  alias: string,
  settings: estypes.IndicesIndexSettings = indexSettings,
): Promise<{ created: boolean; index: string }> {
  const current = await indicesBehindAlias(client, alias);
  if (current.length > 0) {
    await addMissingFields(client, current);
    return { created: false, index: current[0] };
  }
  const index = await createVersionedIndex(client, alias, newIndexName(alias), settings);
  try {
    await client.indices.updateAliases({ actions: [{ add: { index, alias, is_write_index: true } }] });
    return { created: true, index };
  } catch (err) {
    // Another process created the alias at the same moment: keep theirs, drop ours.
    await client.indices.delete({ index }).catch(() => undefined);
    const again = await indicesBehindAlias(client, alias);
    if (again.length > 0) return { created: false, index: again[0] };
    throw err;
  }
}

/**
 * Adds the fields the definition has gained since these indices were made (new fields of the
 * strict mapping; issue 19's salary and workplace fields), so documents carrying them are not
 * refused. Existing fields are never changed here: a changed field needs npm run reindex.
 */
async function addMissingFields(client: Client, indices: string[]): Promise<void> {
  const mappings = await client.indices.getMapping({ index: indices });
  for (const [index, { mappings: current }] of Object.entries(mappings)) {
    const known = current.properties ?? {};
    const missing = Object.fromEntries(Object.entries(indexMappings.properties ?? {}).filter(([name]) => !(name in known)));
    if (Object.keys(missing).length > 0) await client.indices.putMapping({ index, properties: missing });
  }
}

/** Points the alias at `index` alone in one atomic step, so readers never see a gap. */
export async function swapAlias(client: Client, alias: string, index: string): Promise<string[]> {
  const previous = await indicesBehindAlias(client, alias);
  await client.indices.updateAliases({
    actions: [
      ...previous.filter((old) => old !== index).map((old) => ({ remove: { index: old, alias } })),
      { add: { index, alias, is_write_index: true } },
    ],
  });
  return previous.filter((old) => old !== index);
}
