import type { estypes } from '@elastic/elasticsearch';
import { replicaSettings, type Config } from '../config';
import { MODEL_CARD } from '../embedding/model-card';

/**
 * Settings of the jobs index. Text analysis is built only from parts of the server core
 * (standard tokenizer, lowercase, stop, shingle), so the same definition works on the minimal
 * integ-test distribution and on the full one, with no dictionary or plugin on the node. Words
 * are indexed as written, not stemmed: the search asks for each word's singular and plural
 * (services/read/search/relevance/word-forms.ts), which joins the forms of a word and never two words, as
 * the hunspell dictionary stemmer did ("remote" and "promotion" via "mote"; docs/decisions.md).
 */
export function indexSettingsFor(config: Pick<Config, 'esReplicas'>): estypes.IndicesIndexSettings {
  return {
    number_of_shards: 1,
    // One replica once the cluster has a second data node, none on a lone node; ES_REPLICAS fixes it.
    ...replicaSettings(config),
    refresh_interval: '1s',
    max_result_window: 10_000,
    // Segments kept in browse order (newest first, then id: browse-request NEWEST_FIRST), so a
    // browse page stops after its first hits instead of sorting every active job.
    sort: { field: ['created_at', 'id'], order: ['desc', 'asc'] },
    analysis: {
      filter: {
        english_stop: { type: 'stop', stopwords: '_english_' },
        word_pairs: { type: 'shingle', min_shingle_size: 2, max_shingle_size: 2, output_unigrams: false },
      },
      normalizer: {
        // Case-insensitive exact matching for filters and facets.
        lowercase_keyword: { type: 'custom', filter: ['lowercase'] },
      },
      analyzer: {
        // Full-text fields: words as written, without stop words (the query asks for each word's forms).
        english_text: { type: 'custom', tokenizer: 'standard', filter: ['lowercase', 'english_stop'] },
        // Every word as written, stop words too ("IT"), for exact-word boosts and typo tolerance on the original spelling.
        plain_text: { type: 'custom', tokenizer: 'standard', filter: ['lowercase'] },
        // Adjacent word pairs, so exact phrases outrank scattered words.
        word_pairs: { type: 'custom', tokenizer: 'standard', filter: ['lowercase', 'word_pairs'] },
      },
    },
  };
}

/**
 * The settings with the replica rule that needs no setting (ES_REPLICAS unset): for tests,
 * benchmarks and drills, which build their own worlds. The product's own index creation (start-up
 * preparation, reindex) passes indexSettingsFor(config), so that ES_REPLICAS applies.
 */
export const indexSettings: estypes.IndicesIndexSettings = indexSettingsFor({});

const text = (extra: Record<string, estypes.MappingProperty> = {}): estypes.MappingProperty => ({
  type: 'text',
  analyzer: 'english_text',
  fields: { plain: { type: 'text', analyzer: 'plain_text' }, ...extra },
});
const keywordLower: estypes.MappingProperty = { type: 'keyword', normalizer: 'lowercase_keyword', ignore_above: 256 };
const keywordExact: estypes.MappingProperty = { type: 'keyword', ignore_above: 256 };

/**
 * The job's vector: bge-small-en-v1.5's 384 numbers (MODEL_CARD.dims), unit length.
 * - dot_product: on unit vectors it is the cosine, without Elasticsearch normalising each vector
 *   again; and it refuses a vector that is not unit length, so a vector written wrong is refused
 *   instead of ranked.
 * - int8_hnsw (m 16, ef_construction 100, the defaults): an HNSW graph over the numbers quantized
 *   to a byte each, a quarter of the memory of floats; the floats are kept too. kNN recall@10
 *   against exact search on the 17 616 real postings (npm run bench -- embedding): 0.96 for the
 *   relevance sets' agent queries and 0.99 for postings' own vectors (similar jobs) at
 *   num_candidates 50, 0.97 and 0.99 at 100; plain hnsw is within a point, int4_hnsw (0.90) and
 *   bbq_hnsw (0.89) stay below 0.95 at 100.
 * Part of the server core, so it works on the integ-test distribution as on the full one. New
 * indices leave vectors out of the _source they answer (index.mapping.exclude_source_vectors), so
 * pages of jobs carry none.
 */
const embeddingField: estypes.MappingProperty = {
  type: 'dense_vector',
  dims: MODEL_CARD.dims,
  similarity: 'dot_product',
  index: true,
  index_options: { type: 'int8_hnsw' },
};

/** Mappings of the jobs index: strict, so a field the JobDocument does not have is refused. */
export const indexMappings: estypes.MappingTypeMapping = {
  dynamic: 'strict',
  properties: {
    id: { type: 'keyword' },
    title: text({ pairs: { type: 'text', analyzer: 'word_pairs' }, keyword: keywordExact }),
    description: text({ pairs: { type: 'text', analyzer: 'word_pairs' } }),
    organization: text({ keyword: keywordExact }),
    organization_id: { type: 'keyword' },
    // `pairs`: whether two query words name one place ("redwood city"; read-side KnownWords).
    location: text({ pairs: { type: 'text', analyzer: 'word_pairs' }, keyword: keywordExact }),
    location_id: { type: 'keyword' },
    type: { type: 'keyword' },
    salary: { type: 'keyword', index: false },
    // `keyword` keeps the original spelling for facets; `lower` matches filters case-insensitively.
    experience: { type: 'keyword', ignore_above: 256, fields: { lower: keywordLower } },
    education: { type: 'text', analyzer: 'english_text' },
    skills: text({ keyword: keywordExact, lower: keywordLower }),
    tags: text({ keyword: keywordExact, lower: keywordLower }),
    department: text({ keyword: keywordExact }),
    team: { type: 'text', analyzer: 'english_text' },
    reporting_to: { type: 'text', analyzer: 'english_text' },
    responsibilities: { type: 'text', analyzer: 'english_text' },
    closing_date: { type: 'date', format: 'strict_date' },
    project_id: { type: 'keyword' },
    resume_score_threshold: { type: 'float', index: false },
    generate_screening: { type: 'boolean', index: false },
    is_active: { type: 'boolean' },
    created_by: { type: 'keyword' },
    created_at: { type: 'date' },
    updated_at: { type: 'date' },
    // Structured salary (issue 19): the annual bounds are what filters and sorting by pay read.
    salary_min: { type: 'double', index: false },
    salary_max: { type: 'double', index: false },
    salary_currency: { type: 'keyword' },
    salary_period: { type: 'keyword' },
    salary_annual_min: { type: 'double' },
    salary_annual_max: { type: 'double' },
    workplace_type: { type: 'keyword' },
    is_remote: { type: 'boolean' },
    // Issue 30: the vector of the job's text (shared/embedding/job-text.ts), written by the
    // embedding worker (services/embedder) or, when the text was embedded before, by the indexer
    // from the stored vectors; absent until then, and nothing of keyword search needs it.
    embedding: embeddingField,
    // The key of the text that vector stands for (embeddingKeyOf: model and text hashed), so a
    // stale vector is found; set without `embedding` when the model can read nothing in the text.
    embedding_key: { type: 'keyword' },
  },
};
