import { expect } from 'chai';
import type { JobSearchResult } from '../../../shared/schemas/job-search';
import { pageSummary } from './job-page';

describe('pageSummary (the text beside a page of jobs)', () => {
  const page: JobSearchResult = {
    jobs: [
      { id: '00000000-0000-4000-8000-000000000001', title: 'Radiographer', organization: 'Leeds Teaching Hospitals', location: 'Leeds' },
    ],
    pagination: { current_page: 1, total_items: 1, total_pages: 1, total_relation: 'eq' },
  };

  it('says how many, which page and how to go on, then one line per job', () => {
    expect(pageSummary(page).split('\n')).to.deep.equal([
      '1 of 1 jobs, page 1; no next page',
      '- Radiographer | Leeds Teaching Hospitals | Leeds (id 00000000-0000-4000-8000-000000000001)',
    ]);
  });

  it('says how the query was searched when words were read otherwise than typed', () => {
    const spelling = { searched: 'radiographer leeds', corrections: [{ typed: 'radiografer', read_as: 'radiographer' }] };
    expect(pageSummary({ ...page, spelling }).split('\n')[1]).to.equal(
      'searched as "radiographer leeds" (read radiografer as radiographer)',
    );
  });

  it('says how many jobs the words found when meaning filled the page', () => {
    expect(pageSummary({ ...page, meaning_fill: { word_matches: 1 } }).split('\n')[1]).to.equal(
      'the words found 1 job; the rest are nearest in meaning',
    );
    expect(pageSummary({ ...page, meaning_fill: { word_matches: 0 } }).split('\n')[1]).to.equal(
      'the words found 0 jobs; the rest are nearest in meaning',
    );
  });

  it('says when it read the query as a description of the work', () => {
    expect(pageSummary({ ...page, described: { ranked_as: 'hybrid' } }).split('\n')[1]).to.equal(
      'read as a description of the work: ranked by its words and its meaning together',
    );
  });
});
