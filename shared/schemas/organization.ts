import { Type, type Static } from '@sinclair/typebox';
import { Pagination, Uuid } from './common';
import { rpcListRequest } from './rpc';

/** Organization sizes: the values the organizations table allows. */
export const ORGANIZATION_SIZES = ['1-10', '11-50', '51-200', '201-500', '501-1000', '1001-5000', '5001+'] as const;
export type OrganizationSize = (typeof ORGANIZATION_SIZES)[number];

/**
 * An organization (spec 2.6, DESIGN.md 7). Fields without a value are omitted, as on Job;
 * `description` is an additive field.
 */
export const Organization = Type.Object(
  {
    id: Uuid,
    name: Type.String({ description: 'display name; jobs show it as `organization`' }),
    website: Type.Optional(Type.String({ format: 'uri', description: 'http(s) URL' })),
    industry: Type.Optional(Type.String()),
    size: Type.Optional(Type.Unsafe<OrganizationSize>(Type.String({ enum: [...ORGANIZATION_SIZES], description: 'number of employees' }))),
    description: Type.Optional(Type.String()),
  },
  { $id: 'Organization', additionalProperties: false },
);
export type Organization = Static<typeof Organization>;

/** Body of POST /organization.v1.OrganizationService/List. */
export const ListOrganizationsRequest = rpcListRequest('ListOrganizationsRequest', 'Lists organizations by name.', {});
export type ListOrganizationsRequest = Static<typeof ListOrganizationsRequest>;

/** Answer of POST /organization.v1.OrganizationService/List: ordered by name (case-insensitive), then id. */
export const ListOrganizationsResponse = Type.Object(
  { organizations: Type.Array(Organization), pagination: Pagination },
  { $id: 'ListOrganizationsResponse', additionalProperties: false },
);
export type ListOrganizationsResponse = Static<typeof ListOrganizationsResponse>;
