import { expect } from 'chai';
import { pageWindow } from './page-window';
import type { Paging } from '../params/params';

const scope: Paging['scope'] = { sort: ['number', 'number', 'string'], fingerprint: 'f', offsetsBelow: 10_000 };

describe('pageWindow', () => {
  it('reads a numbered page from its offset, limit hits', () => {
    expect(pageWindow({ limit: 20, offset: 40, scope })).to.deep.equal({ from: 40, size: 20, track_total_hits: 10_000 });
  });

  it('ends a page read by offset at the result window, which Elasticsearch refuses to cross (found by fuzzing, issue 14)', () => {
    // next_cursor after pages of 7 is offset 9996: 9996 + 7 would be a 500 from Elasticsearch.
    expect(pageWindow({ limit: 7, offset: 9_996, scope })).to.deep.equal({ from: 9_996, size: 4, track_total_hits: 10_000 });
    // A client may raise limit between cursor pages.
    expect(pageWindow({ limit: 100, offset: 9_999, scope })).to.deep.equal({ from: 9_999, size: 1, track_total_hits: 10_000 });
  });

  it('reads a cursor page after its sort values, one hit more than it shows', () => {
    const after = [1.5, 1_700_000_000_000, 'id'];
    expect(pageWindow({ limit: 10, offset: 12_000, after, scope })).to.deep.equal({
      size: 11,
      search_after: after,
      track_total_hits: 10_000,
    });
  });
});
