import { createJobListingClient } from './index.js';

/**
 * The README's example: search with two job types, read the best match in full, apply to it.
 * Compiled in the tests under strict settings, so the README cannot show code that does not build.
 */
export async function findAndApply(baseUrl: string, apiKey: string): Promise<string | undefined> {
  const api = createJobListingClient({ baseUrl, apiKey });

  // Compact page: chosen fields plus a 160-character snippet of each description.
  const { data, error } = await api.GET('/agents/jobs/search', {
    params: {
      query: { q: 'backend engineer', job_types: ['full_time', 'contract'], fields: ['title', 'organization', 'location'], snippet: 160 },
    },
  });
  if (error) throw new Error(`${error.code}: ${error.message} ${error.hint ?? ''}`);
  for (const job of data.jobs) console.log(job.id, job.title, job.organization, '-', job.snippet ?? '');

  // The next page: the same request with the cursor instead of a page number.
  if (data.pagination.next_cursor) {
    const next = await api.GET('/agents/jobs/search', {
      params: { query: { q: 'backend engineer', job_types: ['full_time', 'contract'], cursor: data.pagination.next_cursor } },
    });
    console.log(`next page: ${next.data?.jobs.length ?? 0} jobs`);
  }

  const best = data.jobs[0];
  if (!best) return undefined;
  const full = await api.GET('/agents/jobs/{job_id}', { params: { path: { job_id: best.id } } });
  console.log(full.data?.title, full.data?.description ?? '');

  const applied = await api.POST('/agents/jobs/{job_id}/apply', { params: { path: { job_id: best.id } } });
  if (applied.error) console.log(`not applied: ${applied.error.code}: ${applied.error.hint ?? applied.error.message}`);
  return applied.data?.id;
}
