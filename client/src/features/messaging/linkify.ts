/** A piece of a message: plain text, or a web address to show as a link. */
export type MessagePart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// A candidate address: http:// or https:// up to the next whitespace or character that cannot be in
// an unquoted URL in running text. Nothing else (javascript:, data:, mailto:, bare 'www.') becomes a link.
const CANDIDATE = /\bhttps?:\/\/[^\s<>"'`]+/gi;

/** Characters that end a sentence or a clause rather than the address before them. */
const TRAILING = new Set(['.', ',', ';', ':', '!', '?', '*', '_', '~']);
const CLOSERS: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

function count(text: string, char: string): number {
  let n = 0;
  for (const c of text) if (c === char) n += 1;
  return n;
}

/**
 * Drops the punctuation that follows an address in prose: 'see https://a.com/x.' links
 * 'https://a.com/x'. A closing bracket stays when it closes one opened inside the address
 * ('https://en.wikipedia.org/wiki/Bronx_(borough)').
 */
export function trimTrailing(url: string): string {
  let end = url.length;
  while (end > 0) {
    const last = url.charAt(end - 1);
    if (TRAILING.has(last)) {
      end -= 1;
      continue;
    }
    const opener = CLOSERS[last];
    if (opener && count(url.slice(0, end), last) > count(url.slice(0, end), opener)) {
      end -= 1;
      continue;
    }
    break;
  }
  return url.slice(0, end);
}

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
  for (const match of content.matchAll(CANDIDATE)) {
    const start = match.index;
    const candidate = trimTrailing(match[0]);
    const href = safeHref(candidate);
    if (!href) continue;
    pushText(start);
    parts.push({ kind: 'link', text: candidate, href });
    textStart = start + candidate.length;
  }
  pushText(content.length);
  return parts;
}
