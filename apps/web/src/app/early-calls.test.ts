import { indexAds } from '@piazza/contract/calls/content-news';
import { stockHot, stockIndices, stockInfo } from '@piazza/contract/calls/market';
import { indexNotice } from '@piazza/contract/calls/notices';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../shared/testing/fake-page';

const toast = vi.hoisted(() => ({ show: vi.fn(), clear: vi.fn() }));
vi.mock('antd-mobile', () => ({ Toast: toast }));

const { earlyCalls, startEarlyCalls } = await import('./early-calls');
const { request } = await import('../shared/api/request');
const { removePersisted, writePersisted } = await import('../shared/storage/persisted');
const { paths } = await import('../shared/navigation/paths');

function answers(body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  removePersisted('userToken', 'lang');
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the first reads the entry sends (decision 068, amendment)', () => {
  it('names the contract’s GET calls, as the pages send them', () => {
    const home = earlyCalls[paths.home]?.(new URLSearchParams()) ?? [];
    const kline = earlyCalls['/pages/stock/stockKline']?.(new URLSearchParams('symbol= eni.mi ')) ?? [];
    const byPath = new Map(
      [indexAds, indexNotice, stockIndices, stockHot, stockInfo].map((c) => [c.path, c]),
    );
    for (const call of [...home, ...kline]) expect(byPath.get(call.path)?.method).toBe('GET');
    expect(home.map((c) => c.path)).toEqual([
      indexAds.path,
      indexNotice.path,
      stockIndices.path,
      stockHot.path,
    ]);
    expect(kline).toEqual([{ path: stockInfo.path, params: { symbol: 'ENI.MI' } }]);
  });

  it('lets the page’s own call take the answer instead of sending it again, once', async () => {
    const fetchMock = answers({ code: 0, msg: 'Success', data: { symbol: 'ENI.MI' } });
    startEarlyCalls('/pages/stock/stockKline', '?symbol=ENI.MI');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const first = await request('GET', '/stock/info', { symbol: 'ENI.MI' });
    expect(first.data).toEqual({ symbol: 'ENI.MI' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // A second read is the page's own.
    await request('GET', '/stock/info', { symbol: 'ENI.MI' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('does not hand an answer to a call with another token or language', async () => {
    const fetchMock = answers({ code: 0, msg: 'Success', data: {} });
    startEarlyCalls('/pages/stock/stockKline', '?symbol=ENI.MI');
    writePersisted('lang', 'en-US');
    await request('GET', '/stock/info', { symbol: 'ENI.MI' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect((fetchMock.mock.calls[1] as unknown as [string, RequestInit])[1].headers).toMatchObject({
      'Accept-Language': 'en-US',
    });
  });

  it('preloads the first banner’s image on the home, at high priority', async () => {
    const added: Record<string, string>[] = [];
    vi.stubGlobal('document', {
      createElement: () => {
        const link: Record<string, string> & { setAttribute?: (k: string, v: string) => void } = {};
        link.setAttribute = (k, v) => {
          link[k] = v;
        };
        return link;
      },
      head: { append: (link: Record<string, string>) => added.push(link) },
    });
    answers({ code: 0, msg: 'Success', data: { list: [{ image: '/ipcg-api/content/image?id=ab' }] } });
    startEarlyCalls(paths.home, '');
    await vi.waitFor(() => expect(added).toHaveLength(1));
    expect(added[0]).toMatchObject({
      rel: 'preload',
      as: 'image',
      href: '/ipcg-api/content/image?id=ab',
      fetchpriority: 'high',
    });
  });
});
