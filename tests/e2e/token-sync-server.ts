// A stand-in for the token-sync service of SPEC part 7, for the browser tests: playwright.config.ts
// starts it beside the app (whose TOKEN_SYNC_URL points at `/token` here). It answers CORS like a
// real cross-origin service would (the page is on another port, so another origin), records every
// request, and a test can read the record and choose the status of the next answers:
//   GET  /__control/requests            → the recorded requests (preflights included), oldest first
//   POST /__control/reset?status=500    → forgets them; later answers have that status (default 204)
// Run as a script: `tsx tests/e2e/token-sync-server.ts` (PORT, default 9398).
import http from 'node:http';

export interface SyncRequest {
  method: string;
  path: string;
  origin: string | null;
  authorization: string | null;
  cookie: string | null;
  /** For a preflight: the method and headers it asks for. */
  requestMethod: string | null;
  requestHeaders: string | null;
}

export function createTokenSyncServer(): http.Server {
  let requests: SyncRequest[] = [];
  let status = 204;
  return http.createServer((req, res) => {
    // Every answer closes its connection. A kept-alive one idle for the server's 5 s was closed by
    // the server just as the test's request context sent the next poll on it (ECONNRESET in CI).
    res.setHeader('connection', 'close');
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/__control/requests') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(requests));
      return;
    }
    if (url.pathname === '/__control/reset' && req.method === 'POST') {
      requests = [];
      status = Number(url.searchParams.get('status') ?? 204);
      res.writeHead(204).end();
      return;
    }
    if (url.pathname === '/__control/health') {
      res.writeHead(200).end('ok');
      return;
    }
    requests.push({
      method: req.method ?? '',
      path: url.pathname + url.search,
      origin: req.headers.origin ?? null,
      authorization: req.headers.authorization ?? null,
      cookie: req.headers.cookie ?? null,
      requestMethod: (req.headers['access-control-request-method'] as string | undefined) ?? null,
      requestHeaders: (req.headers['access-control-request-headers'] as string | undefined) ?? null,
    });
    req.resume();
    const cors = { 'access-control-allow-origin': req.headers.origin ?? '*', vary: 'Origin' };
    if (req.method === 'OPTIONS') {
      res
        .writeHead(204, {
          ...cors,
          'access-control-allow-methods': 'POST, DELETE',
          'access-control-allow-headers': 'authorization',
          'access-control-max-age': '0',
        })
        .end();
      return;
    }
    res.writeHead(status, cors).end();
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.env.PORT ?? 9398);
  const server = createTokenSyncServer();
  server.listen(port, '127.0.0.1', () => console.log(`token-sync recorder on http://127.0.0.1:${port}`));
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
