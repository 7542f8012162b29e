import type { Client } from '@elastic/elasticsearch';
import type { TextEmbedder } from '../../../../shared/embedding';
import type { SearchParams } from '../params/params';
import type { KnownWords } from '../relevance/known-words';
import { describesWork } from '../relevance/described-work';
import { queryWords } from '../relevance/query-words';
import { meantQuery, type TypoPolicy } from '../relevance/relevance';
import { hybridSearch, semanticSearch } from './ranked-search';
import { searchDescribed } from './search-described';
import { searchJobs, spellingOf, type SearchOutcome } from './search-jobs';

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
 * in the two modes that embed it. Keyword search ranks a query that describes the work instead of
 * naming it as hybrid search does (./search-described), when the model can read it.
 *
 * Hybrid search embeds the query as it was meant (relevance: meantQuery, each word the index does
 * not know read as the word it most likely meant), as its keyword list searches it and as keyword
 * mode's meaning fill embeds it: the model reads a misspelt word as word pieces, and its vector
 * then lands among other jobs ("ambulence technician", on the judged sets). The page says so in
 * `spelling`, as keyword search's does. Semantic search embeds the query as typed: it asks the
 * index nothing else, and looking the words up would cost it a request for every new word.
 */
export async function searchInMode(context: SearchContext, params: SearchParams): Promise<SearchOutcome> {
  const { client, index, embedder } = context;
  const embed = async (text: string) => (await embedder.embedQueries([text]))[0];
  // Looked up once: hybrid search's keyword list and its embedding both read it.
  let policy: Promise<TypoPolicy | undefined> | undefined;
  const typos = () => (policy ??= context.knownWords.typoPolicy(queryWords(params.q).words));
  switch (params.mode ?? 'keyword') {
    case 'semantic':
      return semanticSearch(client, index, params, await embed(params.q));
    case 'hybrid': {
      const page = await hybridSearch(client, index, params, async () => embed(meantQuery(params.q, await typos())), typos);
      const spelling = spellingOf(params.q, await typos());
      return spelling ? { ...page, spelling } : page;
    }
    case 'keyword': {
      const policy = await typos();
      if (params.sort === 'relevance' && describesWork(params.q, policy)) {
        const page = await searchDescribed(client, index, params, async () => embed(meantQuery(params.q, policy)), typos);
        const spelling = spellingOf(params.q, policy);
        if (page) return spelling ? { ...page, spelling } : page;
      }
      return searchJobs(client, index, params, policy, { meaning: embed });
    }
  }
}
