// Writes client/src/components/icon-sprite.svg: Lucide's drawing of every icon that
// client/src/components/icons.tsx names (`icon('star')`), one <symbol> each, from the lucide-react
// package the app's version pins. Run it after adding an icon: `npx tsx scripts/icon-sprite.ts`.
// client/src/components/icons.test.tsx fails while the file is out of date.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ICONS_MODULE = path.join(ROOT, 'client/src/components/icons.tsx');
export const SPRITE_FILE = path.join(ROOT, 'client/src/components/icon-sprite.svg');

/** The Lucide names of the icons a module defines with `icon('…')`, sorted. */
export function iconIds(source: string): string[] {
  return [...new Set([...source.matchAll(/\bicon\('([a-z0-9-]+)'\)/g)].map((m) => m[1]!))].sort();
}

type IconNode = [tag: string, attributes: Record<string, string | number>][];

/** The sprite: one symbol per icon, its drawing exactly as lucide-react draws it. */
export async function buildSprite(ids: string[]): Promise<string> {
  const icons = path.join(path.dirname(createRequire(import.meta.url).resolve('lucide-react')), '..', 'esm', 'icons');
  const symbols: string[] = [];
  for (const id of ids) {
    const file = path.join(icons, `${id}.js`);
    if (!fs.existsSync(file)) throw new Error(`lucide-react has no icon '${id}'`);
    const { __iconNode } = (await import(pathToFileURL(file).href)) as { __iconNode: IconNode };
    const drawing = __iconNode
      .map(([tag, attributes]) => {
        const attrs = Object.entries(attributes)
          .filter(([name]) => name !== 'key')
          .map(([name, value]) => ` ${name}="${String(value)}"`)
          .join('');
        return `<${tag}${attrs}/>`;
      })
      .join('');
    symbols.push(`<symbol id="${id}" viewBox="0 0 24 24">${drawing}</symbol>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg">\n<!-- Lucide (ISC license, https://lucide.dev); written by scripts/icon-sprite.ts -->\n${symbols.join('\n')}\n</svg>\n`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const sprite = await buildSprite(iconIds(fs.readFileSync(ICONS_MODULE, 'utf8')));
  fs.writeFileSync(SPRITE_FILE, sprite);
  console.log(`${path.relative(ROOT, SPRITE_FILE)}: ${sprite.length} bytes`);
}
