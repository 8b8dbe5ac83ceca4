import { describe, expect, it } from 'vitest';
import { fromAcceptLanguage, localeOfTag, negotiateLocale } from './locales.js';

describe('the language of a request', () => {
  it('takes the account first, then the URL, then the cookie, then Accept-Language, else English', () => {
    const all = { account: 'zh', url: 'es', cookie: 'en', acceptLanguage: 'es-MX' };
    expect(negotiateLocale(all)).toBe('zh');
    expect(negotiateLocale({ ...all, account: null })).toBe('es');
    expect(negotiateLocale({ ...all, account: null, url: null })).toBe('en');
    expect(negotiateLocale({ acceptLanguage: 'es-MX,es;q=0.9,en;q=0.8' })).toBe('es');
    expect(negotiateLocale({})).toBe('en');
  });

  it('passes over values it does not have', () => {
    expect(negotiateLocale({ account: 'fr', url: 'de', cookie: '<script>', acceptLanguage: 'zh-TW' })).toBe('zh');
    expect(negotiateLocale({ url: 'ES' })).toBe('en');
  });

  it('reads Accept-Language by quality, then order', () => {
    expect(fromAcceptLanguage('fr-CA, en;q=0.5, es;q=0.8')).toBe('es');
    expect(fromAcceptLanguage('zh-Hans-CN;q=0.9, es;q=0.9')).toBe('zh');
    expect(fromAcceptLanguage('es;q=0, en')).toBe('en');
    expect(fromAcceptLanguage('*')).toBeNull();
    expect(fromAcceptLanguage('fr, de')).toBeNull();
    expect(fromAcceptLanguage('')).toBeNull();
    expect(fromAcceptLanguage(null)).toBeNull();
  });

  it('takes a language from its tag', () => {
    expect(localeOfTag('es-419')).toBe('es');
    expect(localeOfTag('zh_CN')).toBe('zh');
    expect(localeOfTag('en-GB')).toBe('en');
    expect(localeOfTag('pt-BR')).toBeNull();
  });
});
