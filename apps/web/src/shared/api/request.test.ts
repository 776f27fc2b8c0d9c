import { beforeEach, describe, expect, it, vi } from 'vitest';
import { pageStore } from '../testing/fake-page';

const toast = vi.hoisted(() => ({ show: vi.fn(), clear: vi.fn() }));
vi.mock('antd-mobile', () => ({ Toast: toast }));
const navigation = vi.hoisted(() => ({ navigateTo: vi.fn() }));
vi.mock('../navigation/navigator', () => navigation);

const { request, refusalToastMs, requestTimeoutMs } = await import('./request');
const { removePersisted, writePersisted } = await import('../storage/persisted');
const { ApiRefusal, NetworkFailure } = await import('./failures');
// The app awaits the active catalogue before its first render (decision 068); so does this test.
await (await import('../../i18n/i18n')).loadLanguage('it-IT');

function answer(body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function sent(fetchMock: ReturnType<typeof answer>) {
  const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
  return { url, init, headers: init.headers as Record<string, string> };
}

beforeEach(() => {
  removePersisted('userToken', 'userInfo', 'lang');
  toast.show.mockClear();
  toast.clear.mockClear();
  navigation.navigateTo.mockClear();
  vi.unstubAllGlobals();
});

describe('the request wrapper (SPEC §7–8)', () => {
  it('POSTs a form-encoded body with the stored token and language', async () => {
    writePersisted('userToken', 'tok-1');
    writePersisted('lang', 'en-US');
    const fetchMock = answer({ code: 0, msg: 'Success', data: { ok: 1 } });
    const envelope = await request('POST', '/user/login', {
      account: 'a@b.it',
      agree: true,
      skip: undefined,
    });
    const { url, init, headers } = sent(fetchMock);
    expect(url).toBe('/ipcg-api/user/login');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('account=a%40b.it&agree=true');
    expect(headers['Content-Type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(headers['access-token']).toBe('tok-1');
    expect(headers['Accept-Language']).toBe('en-US');
    expect(init.signal).toBeInstanceOf(AbortSignal);
    expect(envelope.data).toEqual({ ok: 1 });
    expect(toast.show).not.toHaveBeenCalled();
  });

  it('GETs with a query string, Italian by default and no token for a guest', async () => {
    const fetchMock = answer({ code: 0, msg: '', data: {} });
    await request('GET', '/common/prop', { key: 'disclaimer' });
    const { url, init, headers } = sent(fetchMock);
    expect(url).toBe('/ipcg-api/common/prop?key=disclaimer');
    expect(init.body).toBeUndefined();
    expect(headers['Accept-Language']).toBe('it-IT');
    expect(headers['access-token']).toBeUndefined();
  });

  it('-1000: forgets the user and the token, goes to login, and resolves with the answer', async () => {
    writePersisted('userToken', 'tok-1');
    pageStore.set('userInfo', JSON.stringify({ id: 1 }));
    writePersisted('lang', 'en-US');
    answer({ code: -1000, msg: 'Please log in', data: null });
    const envelope = await request('POST', '/user/assets');
    expect(envelope.code).toBe(-1000);
    expect(pageStore.has('userToken')).toBe(false);
    expect(pageStore.has('userInfo')).toBe(false);
    expect(pageStore.get('lang')).toBe(JSON.stringify('en-US'));
    expect(navigation.navigateTo).toHaveBeenCalledWith('/pages/account/login');
  });

  it('-1001: shows msg for one second with no icon, and rejects with the data for the page', async () => {
    answer({ code: -1001, msg: 'Captcha code error', data: { captcha: true } });
    const failure = await request('POST', '/user/login').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiRefusal);
    expect((failure as InstanceType<typeof ApiRefusal>).data).toEqual({ captcha: true });
    expect(toast.show).toHaveBeenCalledWith({ content: 'Captcha code error', duration: refusalToastMs });
    expect(refusalToastMs).toBe(1000);
    expect(navigation.navigateTo).not.toHaveBeenCalled();
  });

  it('a network failure hides the loading toast, says so in the UI language and rejects', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(request('GET', '/user/login/info')).rejects.toBeInstanceOf(NetworkFailure);
    expect(toast.clear).toHaveBeenCalled();
    expect(toast.show).toHaveBeenCalledWith({
      content: expect.stringContaining('Connessione'),
      duration: undefined,
    });
  });

  it('silent calls (the drawer’s login-info) fail without a toast', async () => {
    answer({ code: -1001, msg: 'nope', data: null });
    await expect(request('GET', '/user/login/info', {}, { silent: true })).rejects.toBeInstanceOf(ApiRefusal);
    expect(toast.show).not.toHaveBeenCalled();
  });

  it('times out after 60 s', () => {
    expect(requestTimeoutMs).toBe(60_000);
  });
});
