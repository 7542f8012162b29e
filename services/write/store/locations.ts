import type { Database } from '../../../shared/db/database';
import type { WorkplaceTypeValue } from '../../../shared/schemas/location';
import { pageWithTotal, type NamedPage } from './page-query';

/** A location as selected for the list. */
export interface LocationRow {
  id: string;
  name: string;
  is_remote: boolean;
  workplace_type: WorkplaceTypeValue;
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  region: string | null;
  postal_code: string | null;
  country_code: string | null;
}

/** One page of locations by name (case-insensitive), ties broken by id (locations_name_idx), and how many match. */
export async function findLocations(
  db: Database,
  request: NamedPage,
  workplaceType: WorkplaceTypeValue | null,
): Promise<{ rows: LocationRow[]; total: number }> {
  return pageWithTotal<LocationRow>(
    db,
    {
      columns: 'id, name, is_remote, workplace_type, address_line1, address_line2, city, region, postal_code, country_code',
      from: `FROM locations WHERE ($1::text IS NULL OR name ILIKE $1 ESCAPE '\\') AND ($2::text IS NULL OR workplace_type = $2)`,
      params: [request.namePattern, workplaceType],
      orderBy: 'lower(name), id',
    },
    request.limit,
    request.offset,
  );
}
