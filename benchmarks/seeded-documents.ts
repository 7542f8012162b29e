import type { JobDocument } from '../shared/jobs/job-document';
import { generateSeedData } from '../scripts/seed/generate';

/**
 * The index documents of the 2000 jobs `npm run seed` generates, with the display names the
 * indexer joins in: the realistic data the read benchmarks query.
 */
export function seededDocuments(): JobDocument[] {
  const data = generateSeedData();
  const orgs = new Map(data.organizations.map((o) => [o.id, o.name]));
  const locations = new Map(data.locations.map((l) => [l.id, l.name]));
  return data.jobs.map(({ version: _version, ...job }) => ({ ...job, organization: orgs.get(job.organization_id)!, location: locations.get(job.location_id)! }));
}
