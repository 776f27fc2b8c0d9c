import { beforeEach, describe, expect, it, vi } from 'vitest';
import { pageStore } from '../testing/fake-page';

const toast = vi.hoisted(() => ({ show: vi.fn(), clear: vi.fn() }));
vi.mock('antd-mobile', () => ({ Toast: toast }));
const navigation = vi.hoisted(() => ({ navigateTo: vi.fn() }));
vi.mock('../navigation/navigator', () => navigation);

const { refreshLoginInfo, signOut } = await import('./session');
const { readPersisted, writePersisted } = await import('../storage/persisted');

const user = {
  id: 7,
  account: 'giulia@example.it',
  status: 1,
  idStatus: 'succ',
  displayId: 'IN3652018207',
  email: 'giulia@example.it',
  nickname: 'Giulia',
  creditScore: 80,
  language: 'it-IT',
  inviteCode: 'ABC123',
  createdAt: 1_790_000_000_000,
} as const;

function answer(...bodies: unknown[]) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(bodies.shift()), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function signIn() {
  writePersisted('userToken', 'tok-7');
  writePersisted('userInfo', { ...user, nickname: 'old name' });
  writePersisted('noticeData', { seen: 1 });
  writePersisted('newsData', { seen: 1 });
  writePersisted('lang', 'en-US');
}

beforeEach(() => {
  navigation.navigateTo.mockClear();
  vi.unstubAllGlobals();
});

describe('login-info (SPEC §4)', () => {
  it('refreshes the stored user and remembers the IPO switch', async () => {
    signIn();
    answer({ code: 0, msg: '', data: { user, openAutoApply: 1, serviceSaleSmartly: '' } });
    await refreshLoginInfo();
    expect(readPersisted('userInfo')?.nickname).toBe('Giulia');
    expect(readPersisted('loginInfo')).toEqual({ openAutoApply: 1, serviceSaleSmartly: '' });
    expect(readPersisted('userToken')).toBe('tok-7');
  });

  it('an empty answer drops the token and the user it belonged to', async () => {
    signIn();
    answer({ code: 0, msg: '', data: {} });
    expect(await refreshLoginInfo()).toBeNull();
    expect(readPersisted('userToken')).toBe('');
    expect(readPersisted('userInfo')).toBeNull();
    expect(pageStore.has('userToken')).toBe(false);
    expect(navigation.navigateTo).not.toHaveBeenCalled();
  });

  it('a user with status 0 is signed out at once and sent to login', async () => {
    signIn();
    answer({
      code: 0,
      msg: '',
      data: { user: { ...user, status: 0 }, openAutoApply: 0, serviceSaleSmartly: '' },
    });
    expect(await refreshLoginInfo()).toBeNull();
    expect(readPersisted('userToken')).toBe('');
    expect(readPersisted('userInfo')).toBeNull();
    expect(navigation.navigateTo).toHaveBeenCalledWith('/pages/account/login');
  });
});

describe('sign out (SPEC §4)', () => {
  it('revokes the session, forgets userInfo, noticeData, newsData and userToken, keeps the language', async () => {
    signIn();
    const fetchMock = answer({ code: 0, msg: '', data: {} });
    await signOut();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/ipcg-api/user/logout');
    expect((init.headers as Record<string, string>)['access-token']).toBe('tok-7');
    for (const key of ['userInfo', 'noticeData', 'newsData', 'userToken'])
      expect(pageStore.has(key)).toBe(false);
    expect(readPersisted('lang')).toBe('en-US');
    expect(navigation.navigateTo).toHaveBeenCalledWith('/pages/account/login');
  });

  it('still signs out here when the server cannot be reached', async () => {
    signIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await signOut();
    expect(readPersisted('userToken')).toBe('');
    expect(navigation.navigateTo).toHaveBeenCalledWith('/pages/account/login');
  });
});
