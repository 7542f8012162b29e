import net from 'node:net';

/** A TCP proxy a test can freeze: connections stay open and bytes stop flowing, as with a node stopped by SIGSTOP. */
export interface FreezableProxy {
  url: string;
  freeze(): void;
  thaw(): void;
  /** The bytes held on their way to the target, as text: a test awaits the request it expects to hang instead of sleeping. */
  heldRequests(): string;
  close(): Promise<void>;
}

/**
 * Proxies 127.0.0.1:<some port> to `target` (host:port). Frozen, it holds every byte in both
 * directions, on every connection, new ones included: requests hang without an error, the way a
 * frozen Elasticsearch node looks to its clients, while the node every other suite shares keeps
 * serving. Thawed, the held bytes go on in order.
 */
export async function startFreezableProxy(target: { host: string; port: number }): Promise<FreezableProxy> {
  let frozen = false;
  // Bytes that arrived while frozen, per destination, delivered in order on thaw.
  const held = new Map<net.Socket, Buffer[]>();
  const sockets = new Set<net.Socket>();
  const upstreams = new Set<net.Socket>();
  const forward = (from: net.Socket, to: net.Socket) => {
    from.on('data', (chunk: Buffer) => {
      if (frozen) held.set(to, [...(held.get(to) ?? []), chunk]);
      else to.write(chunk);
    });
    from.on('close', () => to.destroy());
    from.on('error', () => from.destroy());
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(target);
    upstreams.add(upstream);
    upstream.on('close', () => upstreams.delete(upstream));
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => {
        sockets.delete(socket);
        held.delete(socket);
      });
    }
    forward(client, upstream);
    forward(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    freeze() {
      frozen = true;
    },
    thaw() {
      frozen = false;
      for (const [to, chunks] of held) if (!to.destroyed) chunks.forEach((chunk) => to.write(chunk));
      held.clear();
    },
    heldRequests: () =>
      [...held]
        .filter(([to]) => upstreams.has(to))
        .map(([, chunks]) => Buffer.concat(chunks).toString('latin1'))
        .join(''),
    close: () =>
      new Promise<void>((resolve) => {
        sockets.forEach((s) => s.destroy());
        server.close(() => resolve());
      }),
  };
}
