// The server's modules and who imports whom (issue 52 item 4): fails when the modules import each
// other in a loop (a module-level cycle: listings → tours → listings, through any files), which
// ESLint's file-level `import-x/no-cycle` does not see. Run with the lint (`npm run lint`,
// scripts/checks.ts). `--print` lists every module's imports of the others.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../server/modules');
const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]/g;

function filesOf(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return filesOf(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** module → module it imports → how many imports. */
export function moduleGraph(root = ROOT): Map<string, Map<string, number>> {
  const graph = new Map<string, Map<string, number>>();
  for (const mod of fs.readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    const edges = new Map<string, number>();
    graph.set(mod.name, edges);
    for (const file of filesOf(path.join(root, mod.name))) {
      for (const [, spec] of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
        const rel = path.relative(root, path.resolve(path.dirname(file), spec!));
        const target = rel.split(path.sep)[0]!;
        if (rel.startsWith('..') || target === mod.name || !rel.includes(path.sep)) continue;
        edges.set(target, (edges.get(target) ?? 0) + 1);
      }
    }
  }
  return graph;
}

/** The loops of the graph: its strongly connected parts of more than one module (Tarjan). */
export function moduleLoops(graph: Map<string, Map<string, number>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const loops: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const part: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        part.push(w);
      } while (w !== v);
      if (part.length > 1) loops.push(part.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return loops;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const graph = moduleGraph();
  if (process.argv.includes('--print'))
    for (const [mod, edges] of graph) console.log(`${mod} → ${[...edges].map(([m, n]) => `${m} (${n})`).join(', ') || '—'}`);
  const loops = moduleLoops(graph);
  if (loops.length) {
    console.error(`The server's modules import each other in a loop: ${loops.map((l) => l.join(' ↔ ')).join('; ')}.`);
    console.error('Break it: move what both need to server/core or the lower module, or announce a domain event.');
    process.exit(1);
  }
  const imports = [...graph.values()].reduce((n, edges) => n + [...edges.values()].reduce((a, b) => a + b, 0), 0);
  console.log(`module graph: ${graph.size} modules, ${imports} imports across them, no loop`);
}
