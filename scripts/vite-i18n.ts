// The build's side of the interface's languages (client/src/lib/i18n.tsx; docs/decisions/0056-languages.md):
// - FormatJS's plugin parses each English text where it is declared (`ast`): the browser formats parsed
//   messages and ships no parser;
// - a language's catalogue of a part of the interface (`client/src/i18n/es/listings.json`: message id →
//   ICU text) is parsed the same way when it is built: a text that is not valid ICU fails the build.
import fs from 'node:fs';
import path from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import formatjs from '@formatjs/vite-plugin';
import { parseAst, type Plugin } from 'vite';
import type { Locale } from '../common/i18n/locales';
import { SERVER_PARTS } from '../client/src/i18n/catalogues';

/** The languages whose texts are catalogues (English is in the code). */
export type CatalogueLocale = Exclude<Locale, 'en'>;

const I18N_DIR = path.resolve(import.meta.dirname, '../client/src/i18n');
/** The server's own parts: never in the browser's code. */
const SERVER_ONLY = new Set<string>(SERVER_PARTS.map((part) => `${part}.json`));

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

/** A message as the built code holds it: text when it is only text, else its parsed form. */
function built(text: string): string {
  return JSON.stringify(/[{}#<']/.test(text) ? parse(text) : text);
}

type Node = { type: string; start: number; end: number; [key: string]: unknown };

function walk(node: unknown, visit: (node: Node) => void): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const child of node) walk(child, visit);
    return;
  }
  const n = node as Node;
  if (typeof n.type === 'string') visit(n);
  for (const key in n) if (key !== 'parent') walk(n[key], visit);
}

/**
 * The browser's build of one language (docs/decisions/0057-a-build-per-language.md): each message's
 * English text in the code (`{ id, defaultMessage }`, as FormatJS's plugin left it) is replaced by the
 * language's, so a page in Spanish carries its Spanish texts with the code that shows them, and no
 * English and no catalogue. A message the language's catalogue lacks fails the build.
 */
function inlineTexts(locale: CatalogueLocale): Plugin {
  let texts = new Map<string, string>();
  return {
    name: 'nyc-rentals:inline-texts',
    enforce: 'pre',
    buildStart() {
      texts = new Map();
      const dir = path.join(I18N_DIR, locale);
      for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.json') && !SERVER_ONLY.has(name))) {
        for (const [id, text] of Object.entries(
          JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Record<string, string>,
        ))
          texts.set(id, text);
      }
    },
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (!/\.[jt]sx?$/.test(file) || file.includes('node_modules') || !code.includes('defaultMessage')) return null;
      const lang = file.endsWith('x') ? (file.endsWith('.tsx') ? 'tsx' : 'jsx') : file.endsWith('.ts') ? 'ts' : 'js';
      const edits: Array<{ start: number; end: number; text: string }> = [];
      walk(parseAst(code, { lang }, file), (node) => {
        if (node.type !== 'ObjectExpression') return;
        const props = (node.properties as Node[]).filter((p) => p.type === 'Property');
        const key = (p: Node) => {
          const k = p.key as Node & { name?: string; value?: unknown };
          return k.type === 'Identifier' ? k.name : k.value;
        };
        const idProp = props.find((p) => key(p) === 'id');
        const message = props.find((p) => key(p) === 'defaultMessage');
        const idValue = idProp?.value as (Node & { value?: unknown }) | undefined;
        if (!message || idValue?.type !== 'Literal' || typeof idValue.value !== 'string') return;
        const value = message.value as Node;
        if (value.type !== 'Literal' && value.type !== 'ArrayExpression' && value.type !== 'TemplateLiteral') return;
        const text = texts.get(idValue.value);
        if (text === undefined) this.error(`${file}: the ${locale} catalogue has no message "${idValue.value}"`);
        edits.push({ start: value.start, end: value.end, text: built(text) });
      });
      if (edits.length === 0) return null;
      let out = code;
      for (const edit of edits.sort((a, b) => b.start - a.start))
        out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
      return { code: out, map: null };
    },
  };
}

/**
 * The plugins of the interface's languages. `locale`: the browser's build of that language (its texts
 * in place of the English); none for English, the server's build, development and tests.
 */
export function i18n(locale?: CatalogueLocale): Plugin[] {
  return [catalogues(), formatjs({ ast: true }) as Plugin, plainTexts(), ...(locale ? [inlineTexts(locale)] : [])];
}
