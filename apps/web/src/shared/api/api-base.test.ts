import { describe, expect, it } from 'vitest';
import { resolveApiBase } from './api-base';

const at = (protocol: string, hostname: string) => ({ protocol, hostname });

describe('resolveApiBase (SPEC §7, DESIGN §3)', () => {
  it.each([
    ['https:', 'app.piazza.it', 'https://api.piazza.it/ipcg-api'],
    ['https:', 'piazza.it', 'https://api.piazza.it/ipcg-api'],
    ['http:', 'www.broker.example.com', 'http://api.example.com/ipcg-api'],
    ['https:', 'api.piazza.it', 'https://api.piazza.it/ipcg-api'],
  ])('on a domain name: the page scheme, api. and the last two labels (%s//%s)', (protocol, host, base) => {
    expect(resolveApiBase(at(protocol, host))).toBe(base);
  });

  it.each(['localhost', 'web.localhost', '127.0.0.1', '192.168.1.20', '[::1]', 'piazza'])(
    'on %s: the same origin',
    (host) => {
      expect(resolveApiBase(at('http:', host))).toBe('/ipcg-api');
    },
  );

  it('an explicit base wins, without its trailing slash', () => {
    expect(resolveApiBase(at('https:', 'app.piazza.it'), 'https://gw.piazza.it/ipcg-api/')).toBe(
      'https://gw.piazza.it/ipcg-api',
    );
    expect(resolveApiBase(at('https:', 'app.piazza.it'), '/ipcg-api')).toBe('/ipcg-api');
  });

  it('an empty explicit base is no base', () => {
    expect(resolveApiBase(at('https:', 'app.piazza.it'), '  ')).toBe('https://api.piazza.it/ipcg-api');
  });
});
