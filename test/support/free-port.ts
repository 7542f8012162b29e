import { readFileSync } from 'node:fs';
import net from 'node:net';

/**
 * The first port the kernel hands out to sockets that ask for any port (outgoing connections,
 * listen(0)). A port from below it cannot be taken by one of them between the moment we find it
 * free and the moment the child process binds it; a port from listen(0) could, and was (CI: "Port
 * 37469 is already in use" while three services started at once).
 */
function ephemeralLow(): number {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (Number.isInteger(low) && low > 2048) return low;
  } catch {
    // Not Linux: the IANA dynamic range starts at 49152.
  }
  return 49152;
}

const handedOut = new Set<number>();

function listens(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '0.0.0.0', exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/**
 * A TCP port nothing listens on right now, for a process a test starts. It lies below the ephemeral
 * range and is never handed out twice in one run, so nothing else claims it before that process
 * binds it.
 */
export async function freePort(): Promise<number> {
  const high = ephemeralLow() - 1;
  const low = Math.max(1024, high - 20_000);
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = low + Math.floor(Math.random() * (high - low + 1));
    if (handedOut.has(port)) continue;
    if (await listens(port)) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error(`no free TCP port found between ${low} and ${high}`);
}
