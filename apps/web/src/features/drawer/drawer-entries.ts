import type { MessageKey } from '../../i18n/it-IT';

export interface DrawerEntry {
  key: string;
  label: MessageKey;
  to: string;
  /** Public entries open for guests too; the others send guests to login (SPEC §2). */
  public?: boolean;
}

/** SPEC §2 "Left drawer menu", each entry with its exact target. */
export const drawerTargets = {
  userInfo: '/pages/user/userInfo',
  deposit: '/pages/recharge/offlineRecharge',
  withdraw: '/pages/withdraw/bankWithdraw',
  ipoSwitch: '/pages/user/ipoSwitch',
} as const;

export const drawerEntries: readonly DrawerEntry[] = [
  // Not in SPEC §2's drawer: Markets is no tab, and prices are public, so the menu is one way to reach them.
  { key: 'markets', label: 'drawer.markets', to: '/pages/tabbar/markets', public: true },
  { key: 'bankDetails', label: 'drawer.bankDetails', to: '/pages/wallet/bankList?type=2' },
  { key: 'security', label: 'drawer.security', to: '/pages/user/security' },
  { key: 'depositRecord', label: 'drawer.depositRecord', to: '/pages/recharge/bankRecord' },
  { key: 'withdrawRecord', label: 'drawer.withdrawRecord', to: '/pages/withdraw/withdrawRecord' },
  { key: 'fundsDetail', label: 'drawer.fundsDetail', to: '/pages/fundsDetail/stockFundsDetail' },
  { key: 'plans', label: 'drawer.plans', to: '/pages/plan/list' },
  { key: 'alerts', label: 'drawer.alerts', to: '/pages/alert/list' },
  { key: 'documents', label: 'drawer.documents', to: '/pages/user/documents' },
  { key: 'taxes', label: 'drawer.taxes', to: '/pages/user/taxes' },
  // Not in SPEC §2's drawer: the unread notices' badge (issue 15) needs a place in the menu too.
  { key: 'notices', label: 'drawer.notices', to: '/pages/notice/list', public: true },
  { key: 'about', label: 'drawer.about', to: '/pages/user/about', public: true },
  // Not in SPEC §2's drawer: the accessibility statement (issue 21), public as the other legal texts are.
  { key: 'accessibility', label: 'drawer.accessibility', to: '/pages/common/accessibility', public: true },
];
