// The pseudo-language (issue 29 item 5): English with every letter of a message accented, longer by a
// third, and each message in ⟦ ⟧. A page shown in it tells at a glance, and the browser test
// (tests/e2e/pseudo-locale.spec.ts) by reading it, which texts are not messages: those are left in
// the code, and no language but English would show them. Argument values (a listing's title, a price)
// are shown as they are. Loaded only by a page that asks for it (the `pseudo` cookie).
import { TYPE, type MessageFormatElement } from './messages.js';

export const PSEUDO_COOKIE = 'pseudo';
export const PSEUDO_OPEN = '⟦';
export const PSEUDO_CLOSE = '⟧';

const ACCENTED: Record<string, string> = {
  a: 'à',
  b: 'ƀ',
  c: 'ç',
  d: 'ð',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'î',
  j: 'ĵ',
  k: 'ķ',
  l: 'ļ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ö',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'û',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'À',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ð',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Î',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ļ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ö',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Û',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};

/** Accents a text's letters, and makes it about a third longer (other languages' words are). */
export function pseudoText(text: string): string {
  let out = '';
  let letters = 0;
  for (const char of text) {
    out += ACCENTED[char] ?? char;
    if (char in ACCENTED) letters += 1;
  }
  return letters ? out + '~'.repeat(Math.ceil(letters / 3)) : out;
}

function literals(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((el) => {
    if (el.type === TYPE.literal) return { ...el, value: pseudoText(el.value) };
    if (el.type === TYPE.plural || el.type === TYPE.select) {
      const options = Object.fromEntries(
        Object.entries(el.options).map(([key, option]) => [key, { ...option, value: literals(option.value) }]),
      );
      return { ...el, options } as MessageFormatElement;
    }
    if (el.type === TYPE.tag) return { ...el, children: literals(el.children) };
    return el;
  });
}

/** A message in the pseudo-language: its text accented, its arguments as they are, in ⟦ ⟧. */
export function pseudoMessage(message: string | MessageFormatElement[]): string | MessageFormatElement[] {
  if (typeof message === 'string') {
    // Text only (the build leaves such messages as text): no ICU in it.
    if (!/[{}#<']/.test(message)) return PSEUDO_OPEN + pseudoText(message) + PSEUDO_CLOSE;
    return message;
  }
  return [
    { type: TYPE.literal, value: PSEUDO_OPEN },
    ...literals(message),
    { type: TYPE.literal, value: PSEUDO_CLOSE },
  ] as MessageFormatElement[];
}
