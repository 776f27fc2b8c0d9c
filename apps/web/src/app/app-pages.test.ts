import { appPages, isAppPage } from '@piazza/contract/app-pages';
import { describe, expect, it } from 'vitest';
import { plannedRoutes } from './planned-routes';

describe('the app pages the server knows (banner targets)', () => {
  it('are the routes of SPEC §2 this app plans', () => {
    expect(appPages).toEqual(plannedRoutes);
  });
  it('accept a page with a plain query, and nothing outside the app', () => {
    expect(isAppPage('/pages/news/detail?id=3')).toBe(true);
    expect(isAppPage('/pages/stock/vote')).toBe(true);
    expect(isAppPage('https://example.com/')).toBe(false);
    expect(isAppPage('/pages/news/nowhere')).toBe(false);
    expect(isAppPage('/pages/constructor/list')).toBe(false);
    expect(isAppPage('/pages/news/detail?id="><script>')).toBe(false);
  });
});
