import type express from 'express';

/**
 * Every endpoint of an Express app that takes writes, read from the router stack itself (so a test
 * listing cases per route fails when a route is added without one): `METHOD /path` of each route
 * with a write method, and `ALL /path` of a middleware mounted on a path of its own that is not a
 * router (GraphQL's).
 */

const SAFE = new Set(['get', 'head', 'options']);

interface Layer {
  rawPath?: string | RegExp | Array<string | RegExp>;
  route?: { path: string; methods: Record<string, boolean> };
  handle: ((...args: unknown[]) => unknown) & { stack?: Layer[] };
}

export function writeEndpoints(app: express.Express): string[] {
  const found = new Set<string>();
  const mounts = new Set<string>();
  const pathsOf = (layer: Layer) => [layer.rawPath ?? '/'].flat().map((p) => (typeof p === 'string' ? p : String(p)));
  const join = (prefix: string, p: string) => (p === '/' ? prefix || '/' : `${prefix}${p}`);
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      for (const p of pathsOf(layer)) {
        const full = join(prefix, p);
        if (layer.route) {
          for (const [method, on] of Object.entries(layer.route.methods)) {
            if (on && !SAFE.has(method)) found.add(`${method === '_all' ? 'ALL' : method.toUpperCase()} ${full}`);
          }
        } else if (layer.handle.stack) {
          if (p !== '/') mounts.add(full);
          walk(layer.handle.stack, p === '/' ? prefix : full);
        } else if (p !== '/' && layer.handle.length !== 4) {
          found.add(`ALL ${full}`);
        }
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '');
  return [...found].filter((e) => !mounts.has(e.slice(e.indexOf(' ') + 1))).sort();
}
