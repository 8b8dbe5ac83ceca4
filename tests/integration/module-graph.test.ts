import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { moduleGraph, moduleLoops } from '../../scripts/module-graph.js';

function tree(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'modules-'));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}

describe('the module graph check (scripts/module-graph.ts)', () => {
  it('finds a loop through any files of two modules, and none when the arrows go one way', () => {
    const looped = tree({
      'listings/write.ts': "import { cancel } from '../tours/index.js';",
      'tours/index.ts': "export { cancel } from './cancel.js';",
      'tours/cancel.ts': "import { visible } from '../listings/index.js';",
      'listings/index.ts': "export { visible } from './visibility.js';",
      'mail/index.ts': '',
    });
    expect(moduleLoops(moduleGraph(looped))).toEqual([['listings', 'tours']]);
    const oneWay = tree({
      'tours/cancel.ts': "import { visible } from '../listings/index.js';",
      'listings/index.ts': "export { visible } from './visibility.js';\nimport type { X } from './x.js';",
    });
    expect(moduleGraph(oneWay).get('tours')).toEqual(new Map([['listings', 1]]));
    expect(moduleLoops(moduleGraph(oneWay))).toEqual([]);
  });

  it("finds no loop among the server's modules", () => {
    expect(moduleLoops(moduleGraph())).toEqual([]);
  });
});
