/** The RPC list request (spec 4.6's twice-nested pagination) from a tool's flat arguments. */
export function rpcListBody(args: Record<string, unknown>): {
  pagination: { pagination: { page?: number; limit?: number } };
  query?: string;
  workplace_type?: 'onsite' | 'hybrid' | 'remote';
} {
  const { page, limit, ...rest } = args as {
    page?: number;
    limit?: number;
    query?: string;
    workplace_type?: 'onsite' | 'hybrid' | 'remote';
  };
  return { ...rest, pagination: { pagination: { ...(page === undefined ? {} : { page }), ...(limit === undefined ? {} : { limit }) } } };
}
