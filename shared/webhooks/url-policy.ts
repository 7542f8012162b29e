import { promises as dns } from 'node:dns';
import ipaddr from 'ipaddr.js';
import { errors } from '../errors';

/**
 * Which webhook URLs this service sends to (SSRF defence). A URL is checked when a subscription is
 * made and again before every delivery attempt, after its host name is resolved, so a name that
 * later resolves to an inner address (DNS rebinding) is refused too; the worker then connects to
 * the very address checked here.
 */

/** The operator's settings (WEBHOOK_ALLOW_HTTP, WEBHOOK_ALLOW_PRIVATE_ADDRESSES). */
export interface WebhookUrlPolicy {
  allowHttp: boolean;
  allowPrivateAddresses: boolean;
}

/** One address a host name resolves to. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address of a host name; the default asks the system resolver (as a connection would). */
export type LookupAll = (hostname: string) => Promise<ResolvedAddress[]>;

/** A URL that passed the policy, and the addresses of its host, every one of them allowed. */
export interface ResolvedWebhookUrl {
  url: URL;
  addresses: ResolvedAddress[];
}

/** The longest URL a subscription may hold (the column's check). */
const MAX_URL_LENGTH = 2000;

/** Cloud instance metadata endpoints (AWS, GCP, Azure, OpenStack; AWS IPv6; Alibaba; Oracle): never a receiver. */
const METADATA_ADDRESSES = new Set(['169.254.169.254', 'fd00:ec2::254', '100.100.100.200', '192.0.0.192']);

/** How a refused range reads in a reason ("its host resolves to 10.0.0.7, a private address"). */
const RANGE_WORDS: Record<string, string> = {
  unspecified: 'an unspecified address',
  broadcast: 'the broadcast address',
  multicast: 'a multicast address',
  linkLocal: 'a link-local address',
  loopback: 'a loopback address',
  carrierGradeNat: 'a private (carrier-grade NAT) address',
  private: 'a private address',
  uniqueLocal: 'a private (unique local) address',
  reserved: 'a reserved address',
};

/** The system resolver, every address, in the order it gives them. */
export const systemLookup: LookupAll = async (hostname) => {
  const answers = await dns.lookup(hostname, { all: true, verbatim: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

/**
 * The URL parsed, and its host's addresses, if this service may send to it; else throws
 * `webhook_url_refused` (400) with a reason a person can act on.
 */
export async function resolveWebhookUrl(
  url: string,
  policy: WebhookUrlPolicy,
  lookup: LookupAll = systemLookup,
): Promise<ResolvedWebhookUrl> {
  const refuse = (reason: string) => errors.webhookUrlRefused(url, reason);
  const parsed = parseUrl(url, policy, refuse);
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  const literal = ipaddr.isValid(host) ? ipaddr.parse(host) : undefined;
  if (literal) {
    const address = { address: literal.toString(), family: literal.kind() === 'ipv6' ? 6 : 4 } as const;
    const problem = addressProblem(address.address, policy);
    if (problem) throw refuse(`its host is ${address.address}, ${problem}`);
    return { url: parsed, addresses: [address] };
  }
  const name = host.replace(/\.$/, '').toLowerCase();
  if (!policy.allowPrivateAddresses && (name === 'localhost' || name.endsWith('.localhost'))) {
    throw refuse(`its host "${host}" names this machine (loopback)`);
  }
  const addresses = await resolve(host, lookup, refuse);
  for (const a of addresses) {
    const problem = addressProblem(a.address, policy);
    if (problem) throw refuse(`its host resolves to ${a.address}, ${problem}`);
  }
  return { url: parsed, addresses };
}

/** The URL, if it is absolute, short enough, https (or allowed http) and holds no credentials. */
function parseUrl(url: string, policy: WebhookUrlPolicy, refuse: (reason: string) => Error): URL {
  if (url.length > MAX_URL_LENGTH) throw refuse(`it is longer than ${MAX_URL_LENGTH} characters`);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw refuse('it is not an absolute URL');
  }
  if (parsed.protocol === 'http:' && !policy.allowHttp) throw refuse('it is http; only https URLs are accepted');
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw refuse(`its scheme is ${parsed.protocol.replace(/:$/, '')}; only https URLs are accepted`);
  }
  if (parsed.username !== '' || parsed.password !== '') throw refuse('it holds a user name or password');
  if (parsed.hostname === '') throw refuse('it has no host');
  return parsed;
}

/** The host's addresses, or a refusal when it has none. */
async function resolve(host: string, lookup: LookupAll, refuse: (reason: string) => Error): Promise<ResolvedAddress[]> {
  let addresses: ResolvedAddress[];
  try {
    addresses = await lookup(host);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw refuse(`its host "${host}" could not be resolved${code ? ` (${code})` : ''}`);
  }
  if (addresses.length === 0) throw refuse(`its host "${host}" resolves to no address`);
  return addresses;
}

/**
 * Why this service will not connect to an address (a phrase such as "a private address"), or
 * undefined when it may. Metadata endpoints are refused even where private addresses are allowed.
 */
export function addressProblem(address: string, policy: WebhookUrlPolicy): string | undefined {
  if (!ipaddr.isValid(address)) return 'not an IP address';
  const ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) {
    const v4 = (ip as ipaddr.IPv6).toIPv4Address();
    const problem = addressProblem(v4.toString(), policy);
    return problem && `the IPv4-mapped form of ${v4.toString()}, ${problem}`;
  }
  if (METADATA_ADDRESSES.has(ip.toString())) return 'a cloud metadata address';
  if (policy.allowPrivateAddresses) return undefined;
  const range = ip.range();
  if (range !== 'unicast') return RANGE_WORDS[range] ?? `a special-purpose address (${range})`;
  // Public IPv6 is 2000::/3; the rest of what ipaddr.js calls unicast is unassigned or deprecated.
  if (ip.kind() === 'ipv6' && !ip.match(ipaddr.parseCIDR('2000::/3'))) return 'a reserved address';
  return undefined;
}
