import { ERROR_STATUS, type ErrorCode } from '../errors';
import { ERROR_CATALOGUE } from './error-catalogue';

function catalogueTable(): string {
  const rows = (Object.keys(ERROR_STATUS) as ErrorCode[])
    .sort((a, b) => ERROR_STATUS[a] - ERROR_STATUS[b])
    .map((code) => `| ${ERROR_STATUS[code]} | \`${code}\` | ${ERROR_CATALOGUE[code].meaning} |`);
  return ['| status | code | meaning |', '|---|---|---|', ...rows].join('\n');
}

/** The document's description (Markdown): what holds for every operation, and the error catalogue. */
export function documentDescription(summary: string): string {
  return `${summary}

Automated agents browse, search, read and apply to job postings; recruiters' agents create them.
Reading is public; applying and creating need an API key in the \`x-api-key\` header.

**Every response** is JSON (except the docs page at /docs and its files, and /metrics) and carries an \`x-request-id\`
header: the client's own when it sent a sane one, otherwise a new UUID. Quote it when reporting a problem.

**Errors** are JSON objects \`{ "code", "message", "hint"?, "details"? }\` with the status of their
code. \`details\` lists one entry per problem, each naming the \`field\`. Each operation lists the
codes it can answer. Besides those, any path answers:

- \`404 not_found\` when no operation has that path;
- \`405 method_not_allowed\` with an \`Allow\` header when the path exists under other methods.

On any path, the HTTP layer itself answers (and then closes the connection) \`400 invalid_request\`
to bytes that are not HTTP/1.1, \`431 headers_too_large\` to a request line and headers over 16 KiB,
and \`408 request_timeout\` when the headers or the whole request arrive too slowly.

Every operation of the API proper can answer \`429 rate_limited\` (with \`Retry-After\`) when rate
limits are configured, \`503 unavailable\` (with \`Retry-After\`) while a dependency is down, and
\`500 internal\`. While rate limits are configured, every response of such an operation carries
\`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\` (seconds), in windows of one
minute. Reads are counted per client address. Writes that take a key are counted per key once the
key authenticated, and also per client address against a ceiling; failed authentications count
against the address, and past their limit the address's keyed requests meet 429 before any key is
looked up. The headers report the tightest limit that counted the request. Health, metrics and
documentation operations are never rate limited.

${catalogueTable()}

**Compression and revalidation**: responses of 1 KiB or more are compressed when the request's
\`Accept-Encoding\` allows it (br, gzip or deflate); without that header they are plain JSON. Every
successful GET answer carries a weak \`ETag\`: send it back in \`If-None-Match\` and the answer is
\`304 Not Modified\` with no body while the content has not changed.

**Browsers (CORS)**: pages of any origin may call the operations that take no key or token
(no credentials; \`Access-Control-Allow-Origin: *\`); /metrics is never exposed to pages; the operations that take an API key answer only
the origins the operator configured (none by default). A preflight (\`OPTIONS\` with \`Origin\` and
\`Access-Control-Request-Method\`) is answered \`204\` on any path, with the \`Access-Control-Allow-*\`
headers only when the operation may be called from that origin; it is never rate limited.
Every answer carries \`X-Content-Type-Options: nosniff\` and a Content-Security-Policy that
forbids framing.

**Lists**: parameters that take several values (\`job_types\`, \`location_ids\`, \`skills\`, \`hashtags\`,
\`facets\`, \`fields\`, ...) take them as one comma-separated value (\`job_types=full_time,contract\`):
arrays with \`style: form, explode: false\` here, so generated clients send them that way.

**Search by meaning**: \`GET /agents/jobs/search\` takes \`mode=keyword\` (the default), \`semantic\` or
\`hybrid\`, and \`GET /agents/jobs/{job_id}/similar\` answers the jobs nearest in meaning to one job.
The vectors come from BAAI's bge-small-en-v1.5 (MIT licence), run as an int8 ONNX model inside this
service; nothing is sent to any other service.

**Agents**: the same operations are tools of an MCP server (Model Context Protocol, Streamable
HTTP) at \`POST /mcp\` on this base URL: \`search_jobs\`, \`browse_jobs\`, \`get_job\`, \`similar_jobs\`,
\`list_organizations\`, \`list_locations\`, \`apply_to_job\`, \`list_my_applications\`,
\`withdraw_application\`, \`save_search\`, \`list_saved_searches\`, \`get_new_matches\`,
\`delete_saved_search\`, \`create_job\`, \`update_job\` and \`close_job\`. Send the key in
\`x-api-key\` or \`Authorization: Bearer\`; reads need none. Its pages are compact (chosen fields and a
description \`snippet\`); errors are tool results with \`isError\` and this document's error object.

**Versioning**: this is version 1.0.0. Responses may gain fields, never lose or rename them; clients
should ignore fields they do not know.`;
}
