import type { Client } from '@elastic/elasticsearch';
import type { TextEmbedder } from '../../../../shared/embedding';
import type { SearchParams } from '../params/params';
import type { KnownWords } from '../relevance/known-words';
import { queryWords } from '../relevance/query-words';
import { hybridSearch, semanticSearch } from './ranked-search';
import { searchJobs, type SearchOutcome } from './search-jobs';

/** What a search needs besides its parameters. */
export interface SearchContext {
  client: Client;
  index: string;
  /** Embeds the query of a hybrid or semantic search (the model behind its cache). */
  embedder: TextEmbedder;
  /** The words the index knows, for keyword search's typo tolerance. */
  knownWords: KnownWords;
}

/**
 * A search page in the mode asked for: keyword (the words), semantic (the nearest vectors) or
 * hybrid (both, fused). A query the model cannot embed rejects with its 400 (EmbeddingInputError)
 * in the two modes that embed it.
 */
export async function searchInMode(context: SearchContext, params: SearchParams): Promise<SearchOutcome> {
  const { client, index } = context;
  const typos = () => context.knownWords.typoPolicy(queryWords(params.q).words);
  const embed = async () => (await context.embedder.embedQueries([params.q]))[0];
  switch (params.mode ?? 'keyword') {
    case 'semantic':
      return semanticSearch(client, index, params, await embed());
    case 'hybrid':
      return hybridSearch(client, index, params, embed, typos);
    case 'keyword':
      return searchJobs(client, index, params, await typos(), {
        meaning: async (meant) => (await context.embedder.embedQueries([meant]))[0],
      });
  }
}
