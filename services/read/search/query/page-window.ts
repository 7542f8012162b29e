import type { estypes } from '@elastic/elasticsearch';
import { MAX_RESULT_WINDOW } from '../../../../shared/schemas/job-search';
import type { Paging } from '../params/params';

/**
 * The paging part of a browse or search request. Totals are counted up to MAX_RESULT_WINDOW
 * only: past it Elasticsearch stops counting and may skip whole blocks of non-competitive
 * hits, which an exact count over millions of matches forbids. A numbered page reads from its
 * offset; a cursor page reads after the cursor's sort values (search_after), one hit more than
 * it shows, so it knows whether a next page exists without an exact count.
 *
 * A cursor page that reads by offset ends at the window: Elasticsearch refuses from + size past
 * MAX_RESULT_WINDOW, and a cursor issued near its end (offset 9996 after pages of 7, or a client
 * that raises `limit` between pages) would otherwise cross it. That page is shorter; the cursor
 * of the page after it carries sort values (job-page), so paging goes on with search_after.
 */
export function pageWindow(paging: Paging): Pick<estypes.SearchRequest, 'from' | 'size' | 'search_after' | 'track_total_hits'> {
  if (paging.after) return { size: paging.limit + 1, search_after: paging.after, track_total_hits: MAX_RESULT_WINDOW };
  return { from: paging.offset, size: Math.min(paging.limit, MAX_RESULT_WINDOW - paging.offset), track_total_hits: MAX_RESULT_WINDOW };
}
