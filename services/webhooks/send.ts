import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { ApiError } from '../../shared/errors';
import { resolveWebhookUrl, type LookupAll, type ResolvedAddress, type WebhookUrlPolicy } from '../../shared/webhooks/url-policy';
import { parseRetryAfter, type AttemptResult } from './outcome';

/** One POST to a receiver: where, what, signed how, and how long it may take. */
export interface WebhookRequest {
  url: string;
  /** The body exactly as stored: the bytes the signature covers. */
  body: string;
  /** The signed headers of this attempt (see shared/webhooks/signing). */
  headers: Record<string, string>;
  /** The whole exchange, resolution included: only a status within it counts. */
  timeoutMs: number;
  policy: WebhookUrlPolicy;
  lookup?: LookupAll;
}

/** Bytes of a receiver's answer read before the connection is dropped (the status is all that counts). */
const MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * Sends one attempt and says how it ended: the receiver's status, or why there was none (the URL
 * or an address it resolves to refused, no connection, a timeout). Never throws. The URL is
 * checked again here, after resolution, and the connection goes to the addresses that were
 * checked (a lookup pinned to them), never to a second DNS answer: a name that rebinds to an inner
 * address between the check and the connection cannot redirect it. TLS still verifies the
 * certificate of the host name (SNI and Host stay the name). Redirects are not followed.
 */
export async function sendWebhook(request: WebhookRequest): Promise<AttemptResult> {
  const deadline = Date.now() + request.timeoutMs;
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<AttemptResult>((resolve) => {
    timer = setTimeout(() => {
      // Cuts the exchange wherever it is: resolving, connecting, or waiting for the status.
      controller.abort();
      resolve({ error: `no answer within ${request.timeoutMs} ms` });
    }, request.timeoutMs);
  });
  try {
    const attempt = (async (): Promise<AttemptResult> => {
      let target: { url: URL; addresses: ResolvedAddress[] };
      try {
        target = await resolveWebhookUrl(request.url, request.policy, request.lookup);
      } catch (err) {
        if (err instanceof ApiError && err.code === 'webhook_url_refused')
          return { error: `refused: ${err.details?.[0]?.message ?? err.message}` };
        throw err;
      }
      if (controller.signal.aborted) return { error: `no answer within ${request.timeoutMs} ms` };
      return post(target.url, target.addresses, request, Math.max(1, deadline - Date.now()), controller.signal);
    })();
    return await Promise.race([attempt, timedOut]);
  } catch (err) {
    return { error: describeError(err) };
  } finally {
    clearTimeout(timer);
  }
}

/** A lookup that answers the checked addresses whatever the name: the connection cannot go elsewhere. */
function pinnedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) {
      (callback as (err: null, addresses: ResolvedAddress[]) => void)(null, [...addresses]);
      return;
    }
    const wanted = addresses.find((a) => !options.family || a.family === options.family) ?? addresses[0];
    callback(null, wanted.address, wanted.family);
  };
}

/** The POST itself, on a connection of its own (no pooled socket that was opened to another address). */
function post(
  url: URL,
  addresses: ResolvedAddress[],
  request: WebhookRequest,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<AttemptResult> {
  const client = url.protocol === 'https:' ? https : http;
  const body = Buffer.from(request.body, 'utf8');
  return new Promise<AttemptResult>((resolve) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: { ...request.headers, 'content-length': String(body.length) },
        lookup: pinnedLookup(addresses),
        agent: false,
        timeout: timeoutMs,
        signal,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const retryAfterMs = parseRetryAfter(typeof res.headers['retry-after'] === 'string' ? res.headers['retry-after'] : undefined);
        resolve(
          status >= 100 && status <= 599
            ? { status, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) }
            : { error: `the receiver answered an invalid status (${status})` },
        );
        // Read a little of the answer so the receiver is not cut off mid-write, then drop the connection.
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_RESPONSE_BYTES) res.destroy();
        });
        res.on('error', () => undefined);
        res.on('end', () => req.destroy());
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${request.timeoutMs} ms`)));
    req.on('error', (err) => resolve({ error: describeError(err) }));
    req.end(body);
  });
}

/** An error as last_error keeps it: its code where it has one ("connection refused (ECONNREFUSED)"). */
function describeError(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  const known: Record<string, string> = {
    ECONNREFUSED: 'connection refused',
    ECONNRESET: 'connection reset',
    EHOSTUNREACH: 'host unreachable',
    ENETUNREACH: 'network unreachable',
    ETIMEDOUT: 'connection timed out',
    EPROTO: 'TLS handshake failed',
    DEPTH_ZERO_SELF_SIGNED_CERT: 'the certificate is self-signed',
    CERT_HAS_EXPIRED: 'the certificate has expired',
    ERR_TLS_CERT_ALTNAME_INVALID: 'the certificate does not name the host',
    UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'the certificate could not be verified',
  };
  const text = e?.code && known[e.code] ? `${known[e.code]} (${e.code})` : (e?.message ?? String(err));
  return text.slice(0, 1000);
}
