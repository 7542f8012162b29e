import { paginate } from '../../../shared/schemas/common';
import type { Address, ListLocationsResponse, Location } from '../../../shared/schemas/location';
import type { LocationRow } from '../store/locations';

/** The Location object: `address` always present, its parts without a value omitted. */
export function presentLocation(row: LocationRow): Location {
  const address: Address = {
    ...(row.address_line1 !== null && { line1: row.address_line1 }),
    ...(row.address_line2 !== null && { line2: row.address_line2 }),
    ...(row.city !== null && { city: row.city }),
    ...(row.region !== null && { region: row.region }),
    ...(row.postal_code !== null && { postal_code: row.postal_code }),
    ...(row.country_code !== null && { country_code: row.country_code }),
  };
  return { id: row.id, name: row.name, is_remote: row.is_remote, workplace_type: row.workplace_type, address };
}

/** One page of the location list, with the pagination of all `total` matches. */
export function presentLocationPage(rows: LocationRow[], total: number, request: { page: number; limit: number }): ListLocationsResponse {
  return { locations: rows.map(presentLocation), pagination: paginate(total, request.page, request.limit) };
}
