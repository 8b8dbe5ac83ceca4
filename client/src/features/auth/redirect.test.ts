import { describe, expect, it } from 'vitest';
import { redirectTarget, safeRedirectPath } from './redirect';

describe('safeRedirectPath', () => {
  it.each([
    '/',
    '/messages',
    '/messages?compose=abc',
    '/listings?borough=brooklyn&sort=price_low',
    '/properties/a-b#photos',
    '/a/b\\c',
    '/%E2%9C%93',
  ])('keeps the same-origin path %j', (path) => {
    expect(safeRedirectPath(path)).toBe(path);
  });

  it.each([
    null,
    undefined,
    '',
    'messages',
    ' /messages',
    'https://evil.example/',
    'javascript:alert(1)',
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/%2Fevil.example',
    '/%5Cevil.example',
    '/%252F%252Fevil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/messages\u0000',
    '/messages\u007f',
    '/%0A/evil.example',
    '/%E0%A4%A',
  ])('refuses %j and falls back to /', (path) => {
    expect(safeRedirectPath(path)).toBe('/');
  });
});

describe('redirectTarget', () => {
  it('reads the redirect parameter, decoded once', () => {
    expect(redirectTarget('?redirect=%2Fmessages%3Fcompose%3Dabc')).toBe('/messages?compose=abc');
    expect(redirectTarget('?tab=signup')).toBe('/');
  });

  it('refuses the reported /\\evil.example and its encodings', () => {
    expect(redirectTarget('?redirect=%2F%5Cevil.example')).toBe('/');
    expect(redirectTarget('?redirect=%2F%2Fevil.example')).toBe('/');
    expect(redirectTarget('?redirect=%2F%252F%252Fevil.example')).toBe('/');
    expect(redirectTarget('?redirect=https%3A%2F%2Fevil.example')).toBe('/');
  });
});
