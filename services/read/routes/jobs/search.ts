import { defineRoute } from '../../../../shared/http/route';
import { JobSearchResult, RANKED_DEPTH, SearchQuery } from '../../../../shared/schemas/job-search';
import type { ReadRouteDeps } from '../../deps';
import { presentJobPage } from '../../presenters/job-page';
import { readFacets } from '../../search/query/facets';
import { readSearchParams } from '../../search/params/params';
import { KnownWords } from '../../search/relevance/known-words';
import { searchInMode } from '../../search/run/search-in-mode';
import { EXAMPLE_CURSOR, EXAMPLE_FACETS, EXAMPLE_JOB, PAGING_DESCRIPTION } from './examples';

/** GET /agents/jobs/search (spec 4.2): active jobs by relevance, with the disjunctive facets asked for. */
export function searchJobsRoute(deps: ReadRouteDeps) {
  const knownWords = new KnownWords(deps.search, deps.config.indexAlias);
  const context = { client: deps.search, index: deps.config.indexAlias, embedder: deps.embedder, knownWords };
  return defineRoute({
    operationId: 'searchJobs',
    method: 'GET',
    path: '/agents/jobs/search',
    summary: 'Search active jobs',
    description:
      'Search over active jobs, by keyword (the default), by meaning (`mode=semantic`) or both (`mode=hybrid`; see `mode`). ' +
      'In keyword mode, a match in the title counts most, then skills, organization and tags, then the description ' +
      '(location and department count too); a word finds its singular and plural ("developers" finds "developer", never a different word of the same stem), a word the index does not know is read as the word one or two letters from it that many more jobs have ("radiografer" as "radiographer"; the `spelling` object of the response says so), and small typos in other words it does not know are forgiven, common ' +
      'abbreviations find what they stand for ("k8s" finds Kubernetes, "ml" finds machine learning), and jobs ' +
      'where the words stand together as a phrase rank higher. The query is read as a seeker means it: filler ("jobs", "vacancy", "hiring") never ' +
      'counts; seniority ("junior", "entry level", "head of"), job type ("part time", "contract") and "remote" favour jobs whose title, experience, ' +
      'type or workplace say so (a one-word type beside one word that names no role is a word too: "contract management" is a field). A place named in the query ("physiotherapist leeds") asks for the jobs located there; when fewer than 10 match ' +
      'there, those come first and jobs elsewhere follow, and the `place` object of the response says which (`includes_elsewhere`). Known ' +
      'two-word concepts ("computer vision", "mental health") match only as phrases, and a field finds its roles ("midwifery" finds midwives) ' +
      'below the words typed. Of the remaining role words, up to four ' +
      'must all match; of longer queries, four fifths. When fewer than 10 jobs have them all, a query of two or more role words also lets in the jobs that miss one, below them. ' +
      'When the words find fewer than 10 jobs even so ("sdet", "hrbp"), the jobs nearest in meaning follow them ' +
      `(${RANKED_DEPTH} ranked at most; with a place named, those located there first), and the \`meaning_fill\` object of the response says how many the words found, and facets count the ranked jobs (not with another sort than relevance). ` +
      'A query that describes the work instead of naming it (five words or more, none naming a role or a place: "someone to automate how our code gets released to servers") ' +
      'is ranked as `mode=hybrid` ranks it, and the `described` object of the response says so. ' +
      'Equal scores go to the newest job. Each filter takes a comma-separated list (any value matches); filters combine with AND. ' +
      'Facets are counted only when `facets` asks for them; each counts, for each value, the results that value would give with every ' +
      'other filter applied (each facet ignores its own filter). ' +
      PAGING_DESCRIPTION +
      ` In hybrid and semantic modes at most the ${RANKED_DEPTH} best jobs are ranked: \`total_items\`, facets and pages count those (see \`mode\`), ` +
      'and the answer has no `place`; hybrid mode reads misspelt words as keyword mode does, in both of its lists (its kNN list embeds the query so read), ' +
      'and its `spelling` says so, while semantic mode embeds the query as typed and has no `spelling`.',
    tags: ['Jobs'],
    query: SearchQuery,
    responses: {
      200: {
        description: 'A page of matching active jobs, best first, with the facets asked for',
        schema: JobSearchResult,
        example: {
          jobs: [EXAMPLE_JOB],
          pagination: { current_page: 1, total_pages: 3, total_items: 27, total_relation: 'eq', next_cursor: EXAMPLE_CURSOR },
          facets: EXAMPLE_FACETS,
        },
      },
    },
    errors: ['invalid_request', 'unavailable', 'internal'],
    handle: async (ctx, { query }) => {
      const params = readSearchParams(query);
      const result = await searchInMode(context, params);
      ctx.body = presentJobPage(result, params, readFacets(result.aggregations, params.filters, params.facets));
    },
  });
}
