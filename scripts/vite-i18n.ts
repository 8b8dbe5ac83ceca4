// The build's side of the interface's languages (client/src/lib/i18n.tsx; docs/decisions/0056-languages.md):
// - FormatJS's plugin parses each English text where it is declared (`ast`): the browser formats parsed
//   messages and ships no parser;
// - a language's catalogue of a part of the interface (`client/src/i18n/es/listings.json`: message id →
//   ICU text) is parsed the same way when it is built: a text that is not valid ICU fails the build.
import fs from 'node:fs';
import { parse } from '@formatjs/icu-messageformat-parser';
import formatjs from '@formatjs/vite-plugin';
import type { Plugin } from 'vite';

/** A catalogue: `client/src/i18n/<language>/<part>.json`. */
const CATALOGUE = /[\\/]client[\\/]src[\\/]i18n[\\/][a-z]{2}[\\/][\w-]+\.json$/;

export function catalogues(): Plugin {
  return {
    name: 'nyc-rentals:catalogues',
    enforce: 'pre',
    // Still JSON (Vite's own plugin makes it a module): the parsed messages in place of their texts.
    load(id) {
      const file = id.split('?')[0]!;
      if (!CATALOGUE.test(file)) return null;
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
      return JSON.stringify(parsed);
    },
  };
}

/**
 * A message that is only text stays text (`defaultMessage: "Saved"`, not its one-element parsed form):
 * most messages are, and the listings page's JavaScript has a budget. One with a character that means
 * something to ICU (`{ } # < '`) stays parsed.
 */
function plainTexts(): Plugin {
  return {
    name: 'nyc-rentals:plain-texts',
    enforce: 'pre',
    transform(code, id) {
      if (!/\.[jt]sx?$/.test(id) || id.includes('node_modules') || !code.includes('"type":0')) return null;
      const out = code.replace(
        /(defaultMessage:\s*)\[\{"type":0,"value":("(?:[^"\\]|\\.)*")\}\]/g,
        (all, key: string, text: string) => (/[{}#<']/.test(JSON.parse(text) as string) ? all : key + text),
      );
      return out === code ? null : { code: out, map: null };
    },
  };
}

export function i18n(): Plugin[] {
  return [catalogues(), formatjs({ ast: true }) as Plugin, plainTexts()];
}
