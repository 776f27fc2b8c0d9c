/*
 * A page at http://localhost for unit tests that run in Node: the location and localStorage the request
 * wrapper and the persisted keys read when they load. Import it before them (tests import them dynamically).
 */
export const pageStore = new Map<string, string>();

export const pageLocation = {
  protocol: 'http:',
  hostname: 'localhost',
  pathname: '/pages/user/assets',
  href: 'http://localhost/',
};

const localStorage = {
  getItem: (k: string) => pageStore.get(k) ?? null,
  setItem: (k: string, v: string) => void pageStore.set(k, v),
  removeItem: (k: string) => void pageStore.delete(k),
};

Object.assign(globalThis, {
  window: { location: pageLocation, localStorage, addEventListener: () => undefined },
});
