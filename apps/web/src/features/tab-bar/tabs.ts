import type { MessageKey } from '../../i18n/it-IT';

/** The five tabs of SPEC §2, in order. */
export const tabs = [
  { key: 'home', path: '/pages/tabbar/home', label: 'tab.home' },
  { key: 'position', path: '/pages/tabbar/position', label: 'tab.position' },
  { key: 'robot', path: '/pages/robot/doubleList', label: 'tab.robot' },
  { key: 'assets', path: '/pages/user/assets', label: 'tab.assets' },
  { key: 'mine', path: '/pages/tabbar/mine', label: 'tab.mine' },
] as const satisfies readonly { key: string; path: string; label: MessageKey }[];

export type TabKey = (typeof tabs)[number]['key'];

export function isTabPath(pathname: string): boolean {
  return tabs.some((tab) => tab.path === pathname);
}
