// The build's side of the interface's languages (client/src/lib/i18n.tsx; docs/decisions/0056-languages.md):
// - FormatJS's plugin parses each English text where it is declared (`ast`): the browser formats parsed
//   messages and ships no parser;
// - `import catalogue from './es.json?catalogue'`: a language's catalogue (message id → ICU text), parsed
//   the same way. A text that is not valid ICU fails the build.
import fs from 'node:fs';
import { parse } from '@formatjs/icu-messageformat-parser';
import formatjs from '@formatjs/vite-plugin';
import type { Plugin } from 'vite';

const CATALOGUE = '?catalogue';

function catalogues(): Plugin {
  return {
    name: 'nyc-rentals:catalogues',
    enforce: 'pre',
    load(id) {
      if (!id.endsWith(`.json${CATALOGUE}`)) return null;
      const file = id.slice(0, -CATALOGUE.length);
      this.addWatchFile(file);
      const texts = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
      const parsed: Record<string, unknown> = {};
      for (const [key, text] of Object.entries(texts)) {
        try {
          parsed[key] = parse(text);
        } catch (err) {
          throw new Error(`${file}: message ${key} is not valid ICU MessageFormat: ${(err as Error).message}`);
        }
      }
      return `export default ${JSON.stringify(parsed)};`;
    },
  };
}

export function i18n(): Plugin[] {
  return [catalogues(), formatjs({ ast: true }) as Plugin];
}
