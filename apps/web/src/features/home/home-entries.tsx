import {
  BankcardOutline,
  BellOutline,
  CompassOutline,
  ContentOutline,
  DownCircleOutline,
  FlagOutline,
  GiftOutline,
  HistogramOutline,
  LinkOutline,
  LoopOutline,
  MessageOutline,
  SearchOutline,
  ShopbagOutline,
  StarOutline,
  TeamOutline,
  UnorderedListOutline,
  UpCircleOutline,
  UserContactOutline,
} from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import type { MessageKey } from '../../i18n/it-IT';

export interface HomeEntry {
  key: string;
  label: MessageKey;
  to: string;
  icon: ReactNode;
  /** Entries about the user's own money or identity need a session; guests go to login. */
  needsLogin: boolean;
}

/** The home page's service grid. Entries whose page is not built yet land on "not available yet". */
export const homeEntries: readonly HomeEntry[] = [
  {
    key: 'markets',
    label: 'home.entry.markets',
    to: '/pages/tabbar/markets',
    icon: <HistogramOutline />,
    needsLogin: false,
  },
  {
    key: 'stocks',
    label: 'home.entry.stocks',
    to: '/pages/stock/list',
    icon: <UnorderedListOutline />,
    needsLogin: false,
  },
  {
    key: 'crypto',
    label: 'home.entry.crypto',
    to: '/pages/coin/index',
    // A chain, for the blockchain: a currency sign would name one currency.
    icon: <LinkOutline />,
    needsLogin: false,
  },
  {
    key: 'search',
    label: 'home.entry.search',
    to: '/pages/stock/search',
    icon: <SearchOutline />,
    needsLogin: false,
  },
  {
    key: 'deposit',
    label: 'home.entry.deposit',
    to: '/pages/recharge/recharge',
    icon: <DownCircleOutline />,
    needsLogin: true,
  },
  {
    key: 'withdraw',
    label: 'home.entry.withdraw',
    to: '/pages/withdraw/withdraw',
    icon: <UpCircleOutline />,
    needsLogin: true,
  },
  {
    key: 'exchange',
    label: 'home.entry.exchange',
    to: '/pages/exchange/index',
    icon: <LoopOutline />,
    needsLogin: true,
  },
  {
    key: 'kyc',
    label: 'home.entry.kyc',
    to: '/pages/user/kyc',
    icon: <UserContactOutline />,
    needsLogin: true,
  },
  {
    key: 'ipo',
    label: 'home.entry.ipo',
    to: '/pages/stockIPO/ipoList',
    icon: <FlagOutline />,
    needsLogin: false,
  },
  {
    key: 'ico',
    label: 'home.entry.ico',
    to: '/pages/coinICO/icoList',
    icon: <GiftOutline />,
    needsLogin: false,
  },
  {
    key: 'block',
    label: 'home.entry.block',
    to: '/pages/stockBulk/bulkList',
    icon: <ShopbagOutline />,
    needsLogin: false,
  },
  {
    key: 'robot',
    label: 'home.entry.robot',
    to: '/pages/robot/list',
    icon: <CompassOutline />,
    needsLogin: false,
  },
  {
    key: 'follow',
    label: 'home.entry.follow',
    to: '/pages/follow/index',
    icon: <TeamOutline />,
    needsLogin: false,
  },
  {
    key: 'loan',
    label: 'home.entry.loan',
    to: '/pages/user/loan',
    icon: <BankcardOutline />,
    needsLogin: true,
  },
  { key: 'vip', label: 'home.entry.vip', to: '/pages/stock/vip', icon: <StarOutline />, needsLogin: true },
  {
    key: 'news',
    label: 'home.entry.news',
    to: '/pages/news/list',
    icon: <ContentOutline />,
    needsLogin: false,
  },
  {
    key: 'notice',
    label: 'home.entry.notice',
    to: '/pages/notice/list',
    icon: <BellOutline />,
    needsLogin: false,
  },
  {
    key: 'service',
    label: 'home.entry.service',
    to: '/pages/common/service',
    icon: <MessageOutline />,
    needsLogin: false,
  },
];
