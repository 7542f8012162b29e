import type http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';

/** A response read off the wire by hand, with how long it took and whether the server reset the connection. */
export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  elapsedMs: number;
  /** ms from the first byte sent until the server closed the connection. */
  closedAfterMs: number;
}

/** Listens on a free loopback port; resolves to the port. */
export async function listenOnFreePort(server: http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** Closes the server and every connection still open on it. */
export async function closeServer(server: http.Server): Promise<void> {
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/**
 * Sends bytes no HTTP client library would (oversized or malformed requests, or a request trickled
 * out in `trickle` pieces `everyMs` apart, never finishing) and reads the one response and the
 * close. Rejects when the connection is reset before a whole response arrived.
 */
export function rawRequest(port: number, head: string | Buffer, trickle?: { piece: string; everyMs: number }): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const chunks: Buffer[] = [];
    let answeredAt = 0;
    let timer: NodeJS.Timeout | undefined;
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(head);
      if (trickle) timer = setInterval(() => socket.writable && socket.write(trickle.piece), trickle.everyMs);
    });
    socket.on('data', (chunk) => {
      answeredAt ||= performance.now();
      chunks.push(chunk);
    });
    socket.on('error', (err) => {
      clearInterval(timer);
      reject(err);
    });
    socket.on('close', () => {
      clearInterval(timer);
      try {
        resolve({ ...parseResponse(Buffer.concat(chunks)), elapsedMs: answeredAt - started, closedAfterMs: performance.now() - started });
      } catch (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    });
  });
}

function parseResponse(bytes: Buffer): Pick<RawResponse, 'status' | 'headers' | 'body'> {
  const text = bytes.toString('utf8');
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) throw new Error(`no whole response: ${JSON.stringify(text.slice(0, 200))}`);
  const [statusLine, ...lines] = text.slice(0, end).split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: text.slice(end + 4) };
}
