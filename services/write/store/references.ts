import { errors, type ApiError } from '../../../shared/errors';
import type { JobCreateRequest } from '../../../shared/schemas/job-create';
import type { Queryable } from '../../../shared/db/queryable';

type References = Pick<JobCreateRequest, 'organization_id' | 'location_id' | 'project_id'>;

/** Per job the error it must answer (or null), and the country of each known location (for the currency of bare salary amounts). */
export interface ReferenceCheck {
  problems: (ApiError | null)[];
  countries: Map<string, string | null>;
}

/**
 * Checks the ids a batch of new jobs refers to, in one query whatever the batch size, and
 * returns per job the error it must answer (or null), with the countries of the locations read
 * on the way, so the structured salary needs no second read of them. Order of the checks (DESIGN.md 6):
 * unknown organization (400), the caller is not a member of it (403), unknown location (400),
 * project missing from that organization (400). Existence comes before membership so that a
 * mistyped id gets the precise answer; organizations are public through the RPC list anyway.
 */
export async function checkReferences(db: Queryable, userId: string, jobs: readonly References[]): Promise<ReferenceCheck> {
  const distinct = (values: (string | undefined)[]) => [...new Set(values.filter((v): v is string => Boolean(v)))];
  const [found] = await db.query<{
    organizations: string[];
    member_of: string[];
    locations: Record<string, string | null>;
    projects: Record<string, string>;
  }>(
    `SELECT ARRAY(SELECT id FROM organizations WHERE id = ANY($1::uuid[])) AS organizations,
            ARRAY(SELECT organization_id FROM organization_memberships
                   WHERE user_id = $2 AND organization_id = ANY($1::uuid[])) AS member_of,
            COALESCE((SELECT jsonb_object_agg(id, country_code) FROM locations WHERE id = ANY($3::uuid[])), '{}') AS locations,
            COALESCE((SELECT jsonb_object_agg(id, organization_id) FROM projects WHERE id = ANY($4::uuid[])), '{}') AS projects`,
    [
      distinct(jobs.map((j) => j.organization_id)),
      userId,
      distinct(jobs.map((j) => j.location_id)),
      distinct(jobs.map((j) => j.project_id)),
    ],
  );
  const knownOrganizations = new Set(found.organizations);
  const memberOf = new Set(found.member_of);
  const countries = new Map(Object.entries(found.locations));
  const projectOrganization = new Map(Object.entries(found.projects));
  const problems = jobs.map((job) => {
    if (!knownOrganizations.has(job.organization_id)) return errors.unknownOrganization(job.organization_id);
    if (!memberOf.has(job.organization_id)) return notAMember(job.organization_id);
    if (!countries.has(job.location_id)) return errors.unknownLocation(job.location_id);
    if (job.project_id && projectOrganization.get(job.project_id) !== job.organization_id) {
      return errors.unknownProject(job.project_id, job.organization_id);
    }
    return null;
  });
  return { problems, countries };
}

/** 403 for a recruiter posting for an organization they do not belong to. */
function notAMember(organizationId: string): ApiError {
  return errors.forbidden(
    `The owner of this API key is not a member of organization "${organizationId}".`,
    'Recruiters post jobs only for their own organizations; post for one of yours, or ask the operator of this service to add you to this one.',
  );
}
