import { paginate } from '../../../shared/schemas/common';
import type { ListOrganizationsResponse, Organization } from '../../../shared/schemas/organization';
import type { OrganizationRow } from '../store/organizations';

/** The Organization object: fields without a value are omitted. */
export function presentOrganization(row: OrganizationRow): Organization {
  return {
    id: row.id,
    name: row.name,
    ...(row.website !== null && { website: row.website }),
    ...(row.industry !== null && { industry: row.industry }),
    ...(row.size !== null && { size: row.size }),
    ...(row.description !== null && { description: row.description }),
  };
}

/** One page of the organization list, with the pagination of all `total` matches. */
export function presentOrganizationPage(
  rows: OrganizationRow[],
  total: number,
  request: { page: number; limit: number },
): ListOrganizationsResponse {
  return { organizations: rows.map(presentOrganization), pagination: paginate(total, request.page, request.limit) };
}
