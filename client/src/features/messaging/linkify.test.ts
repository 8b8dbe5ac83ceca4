import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

const links = (content: string) => linkify(content).filter((p) => p.kind === 'link');

describe('linkify', () => {
  it('leaves text without addresses as one text part', () => {
    expect(linkify('Is it still available?')).toEqual([{ kind: 'text', text: 'Is it still available?' }]);
    expect(linkify('')).toEqual([]);
  });

  it('links http and https addresses and keeps the text around them', () => {
    expect(linkify('Photos: https://example.com/a?b=1#c and http://x.org')).toEqual([
      { kind: 'text', text: 'Photos: ' },
      { kind: 'link', text: 'https://example.com/a?b=1#c', href: 'https://example.com/a?b=1#c' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'http://x.org', href: 'http://x.org/' },
    ]);
  });

  it('links no other scheme', () => {
    for (const text of [
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      'mailto:a@b.com',
      'ftp://files.example.com',
      'www.example.com',
      'file:///etc/passwd',
      'JaVaScRiPt:alert(1)//https://x.com',
    ]) {
      const found = links(text);
      for (const link of found) expect(link.href.startsWith('https://') || link.href.startsWith('http://')).toBe(true);
    }
    expect(links('javascript:alert(1)')).toEqual([]);
    expect(links('ftp://files.example.com')).toEqual([]);
    // The https part after a javascript: prefix is a link to that https address only.
    expect(links('javascript:alert(1)//https://x.com')).toEqual([
      { kind: 'link', text: 'https://x.com', href: 'https://x.com/' },
    ]);
  });

  it('does not link an address glued to a word before it', () => {
    expect(links('xhttps://example.com')).toEqual([]);
    expect(links('_https://example.com')).toEqual([]);
    expect(links('x_https://example.com')).toEqual([]);
  });

  it('leaves emphasis marks around an address to the prose', () => {
    expect(links('**https://a.com**')).toEqual([{ kind: 'link', text: 'https://a.com', href: 'https://a.com/' }]);
    expect(links('~~https://a.com~~')[0]?.href).toBe('https://a.com/');
    expect(links('see https://a.com/x*.')[0]?.text).toBe('https://a.com/x');
    expect(links('https://a.com/x_')[0]?.text).toBe('https://a.com/x');
    const text = '**https://a.com** and _https://b.org/c_';
    expect(
      linkify(text)
        .map((p) => p.text)
        .join(''),
    ).toBe(text);
  });

  it('excludes trailing punctuation', () => {
    expect(links('See https://example.com/tour.')[0]?.text).toBe('https://example.com/tour');
    expect(links('(https://example.com/a)')[0]?.text).toBe('https://example.com/a');
    expect(links('Is https://example.com/a, or https://example.com/b?')).toEqual([
      { kind: 'link', text: 'https://example.com/a', href: 'https://example.com/a' },
      { kind: 'link', text: 'https://example.com/b', href: 'https://example.com/b' },
    ]);
    expect(links('https://example.com!!!')[0]?.text).toBe('https://example.com');
  });

  it('links neither a bare domain nor an e-mail address', () => {
    expect(links('www.example.com or a@b.com or example.com')).toEqual([]);
  });

  it('drops unbalanced closers after an address', () => {
    expect(links('(see https://a.com/x).')[0]?.text).toBe('https://a.com/x');
    expect(links('https://a.com/(x)')[0]?.text).toBe('https://a.com/(x)');
    expect(links('[https://a.com/x]')[0]?.text).toBe('https://a.com/x');
  });

  it('keeps brackets that belong to the address', () => {
    expect(links('https://en.wikipedia.org/wiki/The_Bronx_(borough).')[0]?.text).toBe(
      'https://en.wikipedia.org/wiki/The_Bronx_(borough)',
    );
  });

  it('stops at quotes and angle brackets, never producing markup', () => {
    expect(links('"https://example.com/x"<b>')[0]?.text).toBe('https://example.com/x');
    expect(links('<a href="https://evil.example">hi</a>')[0]?.href).toBe('https://evil.example/');
  });

  it('skips a scheme without a host', () => {
    expect(links('just https:// here')).toEqual([]);
    expect(linkify('just https:// here')).toEqual([{ kind: 'text', text: 'just https:// here' }]);
  });

  it('keeps every character of the message', () => {
    const text = 'a https://example.com/b. c\nhttp://d.org/e) f';
    expect(
      linkify(text)
        .map((p) => p.text)
        .join(''),
    ).toBe(text);
  });
});
