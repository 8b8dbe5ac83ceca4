import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Logger } from '../logger.js';

/**
 * One log line per finished request: `info` (a 4xx `warn`, a 5xx `error`), with the method, URL, client
 * address and headers (authorization and cookies are redacted by the logger, server/logger.ts), the
 * status and the time taken; `request aborted` when the client went away first. Health checks and
 * hashed assets are not logged. `req.log` is a child logger with the request's id, made the first time
 * something logs through it.
 *
 * In place of pino-http, which serializes every request into a child logger before knowing whether
 * anything will be logged: about 3.5% of the CPU of a search page under load, even with request logs
 * below the configured level (docs/decisions/0022-fast-graphql.md). Nothing is built here unless a
 * line is written.
 */
export function requestLogging(log: Logger): RequestHandler {
  let seq = 0;
  return (req: Request, res: Response, next: NextFunction) => {
    const id = ++seq;
    const started = performance.now();
    let child: Logger | undefined;
    Object.defineProperty(req, 'log', {
      configurable: true,
      enumerable: false,
      get: () => (child ??= log.child({ reqId: id })),
      set: (value: Logger) => {
        child = value;
      },
    });
    const url = req.originalUrl || req.url;
    if (url === '/healthz' || url.startsWith('/assets/')) return next();
    const done = () => {
      res.removeListener('finish', done);
      res.removeListener('close', done);
      const aborted = !res.writableFinished;
      const status = res.statusCode;
      const level = status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
      if (!log.isLevelEnabled(level)) return;
      log[level](
        {
          reqId: id,
          req: { method: req.method, url, remoteAddress: req.socket.remoteAddress, headers: req.headers },
          res: { statusCode: status, headers: res.getHeaders() },
          responseTime: Math.round(performance.now() - started),
        },
        aborted ? 'request aborted' : 'request completed',
      );
    };
    res.on('finish', done);
    res.on('close', done);
    next();
  };
}
