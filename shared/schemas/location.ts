import { Type, type Static } from '@sinclair/typebox';
import { Pagination, Uuid } from './common';
import { rpcListRequest } from './rpc';

/** How a location is worked (DESIGN.md 7); `remote` exactly when `is_remote`. */
export const WORKPLACE_TYPES = ['onsite', 'hybrid', 'remote'] as const;
export type WorkplaceTypeValue = (typeof WORKPLACE_TYPES)[number];

/** One enum (not a union of literals), so a bad value is one problem: "must be one of: ...". */
const WorkplaceType = (description: string) => Type.Unsafe<WorkplaceTypeValue>(Type.String({ enum: [...WORKPLACE_TYPES], description }));

/** Postal address of a location. Parts without a value are omitted: a remote location may have only a country, or nothing. */
export const Address = Type.Object(
  {
    line1: Type.Optional(Type.String({ description: 'street and number' })),
    line2: Type.Optional(Type.String()),
    city: Type.Optional(Type.String()),
    region: Type.Optional(Type.String({ description: 'state, province or region code' })),
    postal_code: Type.Optional(Type.String()),
    country_code: Type.Optional(Type.String({ pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2' })),
  },
  { $id: 'Address', additionalProperties: false },
);
export type Address = Static<typeof Address>;

/** A location (spec 2.6, DESIGN.md 7); `address` is always present. */
export const Location = Type.Object(
  {
    id: Uuid,
    name: Type.String({ description: 'display name; jobs show it as `location`' }),
    is_remote: Type.Boolean({ description: 'true exactly when workplace_type is remote' }),
    workplace_type: WorkplaceType('onsite, hybrid or remote'),
    address: Address,
  },
  { $id: 'Location', additionalProperties: false },
);
export type Location = Static<typeof Location>;

/** Body of POST /location.v1.LocationService/List. */
export const ListLocationsRequest = rpcListRequest('ListLocationsRequest', 'Lists locations by name, optionally of one workplace type.', {
  workplace_type: Type.Optional(WorkplaceType('only locations of this workplace type (also accepted as `workplaceType`)')),
});
export type ListLocationsRequest = Static<typeof ListLocationsRequest>;

/** Answer of POST /location.v1.LocationService/List: ordered by name (case-insensitive), then id. */
export const ListLocationsResponse = Type.Object(
  { locations: Type.Array(Location), pagination: Pagination },
  { $id: 'ListLocationsResponse', additionalProperties: false },
);
export type ListLocationsResponse = Static<typeof ListLocationsResponse>;
