import { expect } from 'chai';
import { bulkIndexJobs } from '../../../indexer';
import { jobDocument } from '../../../../test/fixtures/job-documents';
import { resetIndex, testSearch } from '../../../../test/support/context';
import { readSearchParams } from '../params/params';
import { KnownWords } from '../relevance/known-words';
import { queryWords } from '../relevance/query-words';
import { RELAX_BELOW, searchJobs } from './search-jobs';

// Hybrid search's keyword list is fetched as ids only (no stored field, ids from doc values): the
// same search fetched so must make keyword mode's choices (relax or not, on the same totals) and
// rank the same jobs.

const QUERY = 'oncology nurse';
const MISSPELT = 'oncolgy nurse';

const job = (n: number, title: string) =>
  jobDocument({
    id: `00000000-0000-4000-8000-0000000d${String(n).padStart(4, '0')}`,
    title,
    created_at: `2026-04-${String(1 + (n % 28)).padStart(2, '0')}T09:00:00.000Z`,
  });

async function indexJobs(fullMatches: number) {
  const full = Array.from({ length: fullMatches }, (_, i) => job(i + 1, `Oncology Nurse ${i + 1}`));
  const partial = job(900, 'Theatre Nurse');
  const index = await resetIndex();
  const result = await bulkIndexJobs(
    testSearch(),
    index,
    [...full, partial].map((doc) => ({ doc, version: 1 })),
    { refresh: true },
  );
  if (result.failed.length > 0) throw new Error(`indexing fixtures failed: ${JSON.stringify(result.failed)}`);
  return { index, partial };
}

async function bothLists(index: string, query: string) {
  const params = readSearchParams({ q: query, limit: 100 });
  const typos = await new KnownWords(testSearch(), index).typoPolicy(queryWords(query).words);
  // The premise of the misspelt query: the index does not know one of its words.
  expect(
    queryWords(query).words.some((word) => typos(word)),
    query,
  ).to.equal(query === MISSPELT);
  const shown = await searchJobs(testSearch(), index, params, typos);
  const idsOnly = await searchJobs(testSearch(), index, params, typos, { idsOnly: true });
  return { shown: shown.hits.map((hit) => hit.doc.id), idsOnly: idsOnly.hits.map((hit) => hit.doc.id) };
}

describe('searchJobs, ids only (hybrid search’s keyword list)', function () {
  this.timeout(30_000);

  // A misspelt word is unknown to the index: found through typo tolerance alone, it must count the same.
  for (const query of [QUERY, MISSPELT]) {
    it(`does not relax "${query}" with ${RELAX_BELOW} or more full matches, as keyword mode does not`, async () => {
      const { index, partial } = await indexJobs(RELAX_BELOW + 2);
      const { shown, idsOnly } = await bothLists(index, query);
      expect(shown)
        .to.have.length(RELAX_BELOW + 2)
        .and.not.include(partial.id);
      expect(idsOnly).to.deep.equal(shown);
    });

    it(`relaxes "${query}" with fewer than ${RELAX_BELOW} full matches, as keyword mode does`, async () => {
      const { index, partial } = await indexJobs(RELAX_BELOW - 1);
      const { shown, idsOnly } = await bothLists(index, query);
      expect(shown).to.include(partial.id);
      expect(idsOnly).to.deep.equal(shown);
    });
  }
});
