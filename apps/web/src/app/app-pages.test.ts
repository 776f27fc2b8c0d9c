import { isAppPage } from '@piazza/contract/app-pages';
import { describe, expect, it } from 'vitest';

describe('the app pages the server knows (banner targets)', () => {
  it('accept a page with a plain query, and nothing outside the app', () => {
    expect(isAppPage('/pages/news/detail?id=3')).toBe(true);
    expect(isAppPage('/pages/stock/vote')).toBe(true);
    expect(isAppPage('https://example.com/')).toBe(false);
    expect(isAppPage('/pages/news/nowhere')).toBe(false);
    expect(isAppPage('/pages/constructor/list')).toBe(false);
    expect(isAppPage('/pages/news/detail?id="><script>')).toBe(false);
  });
});
