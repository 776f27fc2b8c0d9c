import { describe, expect, it } from 'vitest';
import { drawerEntries, drawerTargets } from '../features/drawer/drawer-entries';
import { homeEntries } from '../features/home/home-entries';
import { tabs } from '../features/tab-bar/tabs';
import { paths } from '../shared/navigation/paths';
import { plannedPaths } from './planned-routes';
import { routePathOf } from './route-path';

describe('route paths from page files (DESIGN §12)', () => {
  it('maps src/pages/{group}/{page}.tsx to /pages/{group}/{page}', () => {
    expect(routePathOf('../pages/user/about.tsx')).toBe('/pages/user/about');
    expect(routePathOf('../pages/stockIPO/ipoList.tsx')).toBe('/pages/stockIPO/ipoList');
  });
});

describe('every link of the shell leads to a route of SPEC §2', () => {
  const planned = new Set(plannedPaths());
  const pathOf = (to: string) => to.split('?')[0] ?? to;

  it.each(tabs.map((t) => [t.path]))('tab %s', (path) => expect(planned.has(path)).toBe(true));
  it.each([...drawerEntries.map((e) => e.to), ...Object.values(drawerTargets)].map((to) => [to]))(
    'drawer entry %s',
    (to) => expect(planned.has(pathOf(to))).toBe(true),
  );
  it.each(homeEntries.map((e) => [e.to]))('home entry %s', (to) =>
    expect(planned.has(pathOf(to))).toBe(true),
  );
  it.each(Object.values(paths).map((p) => [p]))('named path %s', (path) =>
    expect(planned.has(path)).toBe(true),
  );

  it('the five tabs are those of SPEC §2, in order', () => {
    expect(tabs.map((t) => t.path)).toEqual([
      '/pages/tabbar/home',
      '/pages/tabbar/position',
      '/pages/robot/doubleList',
      '/pages/user/assets',
      '/pages/tabbar/mine',
    ]);
  });

  it('the drawer entries keep their exact targets; only Markets, Notices, About and the accessibility statement are public', () => {
    expect(drawerEntries.map((e) => [e.to, e.public === true])).toEqual([
      ['/pages/tabbar/markets', true],
      ['/pages/wallet/bankList?type=2', false],
      ['/pages/user/security', false],
      ['/pages/recharge/bankRecord', false],
      ['/pages/withdraw/withdrawRecord', false],
      ['/pages/fundsDetail/stockFundsDetail', false],
      ['/pages/plan/list', false],
      ['/pages/alert/list', false],
      ['/pages/user/documents', false],
      ['/pages/user/taxes', false],
      ['/pages/notice/list', true],
      ['/pages/user/about', true],
      ['/pages/common/accessibility', true],
    ]);
    expect(drawerTargets).toEqual({
      userInfo: '/pages/user/userInfo',
      deposit: '/pages/recharge/offlineRecharge',
      withdraw: '/pages/withdraw/bankWithdraw',
      ipoSwitch: '/pages/user/ipoSwitch',
    });
  });
});
