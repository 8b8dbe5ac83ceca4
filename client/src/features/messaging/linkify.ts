import { find } from 'linkifyjs';

/** A piece of a message: plain text, or a web address to show as a link. */
export type MessagePart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// linkifyjs finds the addresses (trailing punctuation, brackets that belong to the address, known
// top-level domains). Our rules on top of it (docs/decisions/0046): only addresses written with
// http:// or https:// become links (never javascript:, data:, mailto:, a bare domain or an e-mail
// address), and quotes, backticks and angle brackets end an address. They are read as spaces, one
// character for one, so every offset still points into the message.
const ENDS_AN_ADDRESS = /["'`<>]/g;
const WRITTEN_SCHEME = /^https?:\/\//i;
/** A word character right before the scheme: the address is glued to a word (`x_https://…`). */
const WORD_CHAR = /\w/;
/**
 * Emphasis marks and sentence punctuation after an address belong to the prose
 * (`**https://a.com**`, `https://a.com/x*.`): linkifyjs keeps `*`, `_` and `~`.
 */
const TRAILING = /[*_~.,;:!?]+$/;

/** The address as a safe link target (http or https with a host), or null. */
function safeHref(text: string): string | null {
  try {
    const url = new URL(text);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return null;
    return url.href;
  } catch {
    return null;
  }
}

/**
 * Splits a message into text and http(s) links. The text is never interpreted as HTML: the parts
 * are rendered as React text nodes and anchors.
 */
export function linkify(content: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let textStart = 0;
  const pushText = (end: number) => {
    if (end > textStart) parts.push({ kind: 'text', text: content.slice(textStart, end) });
  };
  for (const found of find(content.replace(ENDS_AN_ADDRESS, ' '), 'url')) {
    // 'xhttps://a.com' is found as the bare 'a.com', '_https://a.com' as the address after '_':
    // an address glued to a word is not a link.
    if (found.start > 0 && WORD_CHAR.test(content.charAt(found.start - 1))) continue;
    const text = content.slice(found.start, found.end).replace(TRAILING, '');
    const href = WRITTEN_SCHEME.test(text) ? safeHref(text) : null;
    if (!href) continue;
    pushText(found.start);
    parts.push({ kind: 'link', text, href });
    textStart = found.start + text.length;
  }
  pushText(content.length);
  return parts;
}
