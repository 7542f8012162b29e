import { expect } from 'chai';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PhaseRecorder, readLoop } from './load';

/** A server that breaks the connection of the requests `breaks` picks, and answers the others. */
async function serve(breaks: (n: number) => boolean): Promise<{ base: string; close: () => Promise<void> }> {
  let n = 0;
  const server = http.createServer((req, res) => {
    if (breaks(n++)) {
      req.socket.destroy();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('drill read loop', () => {
  const run = async (breaks: (n: number) => boolean) => {
    const server = await serve(breaks);
    try {
      const recorder = new PhaseRecorder();
      await readLoop({ base: server.base, ids: ['x'], concurrency: 1, recorder, running: () => true, maxRequests: 4 });
      return recorder.figures().before;
    } finally {
      await server.close();
    }
  };

  it('sends a GET whose connection broke once more, and counts it as retried, not failed', async () => {
    const figures = await run((n) => n === 1);
    expect(figures).to.include({ requests: 4, failed: 0, retried: 1 });
  });

  it('counts a GET that breaks twice as failed, naming the network error', async () => {
    const figures = await run((n) => n === 1 || n === 2);
    expect(figures).to.include({ requests: 4, failed: 1, retried: 1 });
    expect(Object.keys(figures.failures!)[0]).to.match(/^TypeError: /);
  });
});
