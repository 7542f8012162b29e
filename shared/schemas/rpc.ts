import { Type, type TProperties } from '@sinclair/typebox';

/** Defaults and bounds of the RPC list calls (DESIGN.md 7). */
export const RPC_DEFAULT_PAGE = 1;
export const RPC_DEFAULT_LIMIT = 10;
export const RPC_MAX_LIMIT = 100;
/** Largest page: the int32 range of the protobuf messages these calls mirror. */
export const RPC_MAX_PAGE = 2_147_483_647;
/** Longest name filter, in characters. */
export const RPC_MAX_QUERY_LENGTH = 200;

/** Innermost level of the envelope: which page, and how many items on it. */
export const RpcPage = Type.Object(
  {
    page: Type.Optional(
      Type.Integer({ minimum: 1, maximum: RPC_MAX_PAGE, description: `page number, from 1; default ${RPC_DEFAULT_PAGE}` }),
    ),
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: RPC_MAX_LIMIT,
        description: `items per page, 1 to ${RPC_MAX_LIMIT}; default ${RPC_DEFAULT_LIMIT}`,
      }),
    ),
  },
  { $id: 'RpcPage', additionalProperties: false },
);

/** Middle level of the envelope (spec 4.6 nests `pagination` twice). */
export const RpcPagination = Type.Object({ pagination: Type.Optional(RpcPage) }, { $id: 'RpcPagination', additionalProperties: false });

/** How field names and nulls are read, stated once for both calls' documentation. */
export const RPC_NAMING_RULES =
  'Every level is optional: an empty body, `{}` and `{"pagination": {}}` all ask for page 1 of 10. ' +
  'Field names are accepted in snake_case and in lowerCamelCase (as protobuf JSON does), at every level: ' +
  'single-word names such as `pagination`, `page`, `limit` and `query` are the same in both styles; ' +
  'a multi-word name such as `workplace_type` may also be sent as `workplaceType`. Sending both forms of one ' +
  'field is an error. A null value counts as absent. Unknown fields are refused with 400 invalid_argument.';

/**
 * The request of an RPC List call: the pagination envelope of spec 4.6, an optional name filter,
 * and the call's own filters. Responses stay snake_case.
 */
export function rpcListRequest<T extends TProperties>(id: string, description: string, filters: T) {
  return Type.Object(
    {
      pagination: Type.Optional(RpcPagination),
      query: Type.Optional(
        Type.String({
          maxLength: RPC_MAX_QUERY_LENGTH,
          description:
            'only items whose name contains this text, case-insensitively (trimmed; % and _ are plain characters; blank means no filter)',
        }),
      ),
      ...filters,
    },
    {
      $id: id,
      additionalProperties: false,
      description: `${description} ${RPC_NAMING_RULES}`,
      examples: [{ pagination: { pagination: { page: 1, limit: 10 } } }],
    },
  );
}
