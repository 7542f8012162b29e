import type { Database } from '../../../shared/db/database';
import type { Organization } from '../../../shared/schemas/organization';
import { pageWithTotal, type NamedPage } from './page-query';

/** An organization as selected for the list. */
export interface OrganizationRow {
  id: string;
  name: string;
  website: string | null;
  industry: string | null;
  size: Organization['size'] | null;
  description: string | null;
}

/** One page of organizations by name (case-insensitive), ties broken by id (organizations_name_idx), and how many match. */
export async function findOrganizations(db: Database, request: NamedPage): Promise<{ rows: OrganizationRow[]; total: number }> {
  return pageWithTotal<OrganizationRow>(
    db,
    {
      columns: 'id, name, website, industry, size, description',
      from: `FROM organizations WHERE ($1::text IS NULL OR name ILIKE $1 ESCAPE '\\')`,
      params: [request.namePattern],
      orderBy: 'lower(name), id',
    },
    request.limit,
    request.offset,
  );
}
