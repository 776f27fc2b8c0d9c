import { describe, expect, it } from 'vitest';
import { resolveApiBase } from '../api/api-base';
import { socketUrl } from './socket-url';

describe('the WebSocket address follows the API base rule (SPEC §7)', () => {
  const page = (href: string) => {
    const { protocol, hostname } = new URL(href);
    return { base: resolveApiBase({ protocol, hostname }), href };
  };

  it('on localhost or an address: the page origin, ws for http and wss for https', () => {
    const local = page('http://localhost:8080/pages/tabbar/markets');
    expect(socketUrl(local.base, local.href)).toBe('ws://localhost:8080/ipcg-api/ws');
    const address = page('https://192.168.1.20/pages/tabbar/home');
    expect(socketUrl(address.base, address.href)).toBe('wss://192.168.1.20/ipcg-api/ws');
  });

  it('on a domain: api. and the last two labels, with the page scheme', () => {
    const domain = page('https://app.piazza.example.it/pages/tabbar/markets');
    expect(socketUrl(domain.base, domain.href)).toBe('wss://api.example.it/ipcg-api/ws');
  });

  it('an explicit base keeps its own host and path', () => {
    const base = resolveApiBase(
      { protocol: 'https:', hostname: 'x.it' },
      'https://gw.example.com/broker/ipcg-api/',
    );
    expect(socketUrl(base, 'https://x.it/')).toBe('wss://gw.example.com/broker/ipcg-api/ws');
  });
});
