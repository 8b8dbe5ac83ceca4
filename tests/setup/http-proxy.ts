import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small HTTP proxy in front of a real service (the Auth emulator): it counts the requests that
 * pass, and can be stopped and started again on the same port to simulate an outage.
 */
export interface CountingProxy {
  host: string; // 127.0.0.1:port
  /** Requests forwarded since the last reset, as 'METHOD path'. */
  requests: string[];
  reset(): void;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startCountingProxy(target: string): Promise<CountingProxy> {
  const requests: string[] = [];
  const [targetHost, targetPort] = target.split(':') as [string, string];
  const server = http.createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    const upstream = http.request(
      { host: targetHost, port: Number(targetPort), method: req.method, path: req.url, headers: req.headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => {
      res.writeHead(502).end();
    });
    req.pipe(upstream);
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
    });
  const port = await listen(0);
  return {
    host: `127.0.0.1:${port}`,
    requests,
    reset: () => {
      requests.length = 0;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
    start: async () => {
      await listen(port);
    },
  };
}
