import {
  adminAudit,
  adminContent,
  adminLogout,
  adminOperators,
  adminOutbox,
  adminUsers,
} from '@piazza/contract/calls/admin';
import { adminHniList, adminKycList, adminTotpStatus } from '@piazza/contract/calls/admin-kyc';
import { adminBlocks } from '@piazza/contract/calls/blocks';
import { adminBonds } from '@piazza/contract/calls/bonds';
import {
  adminBanners,
  adminNews,
  adminNewsSources,
  adminVotes,
} from '@piazza/contract/calls/content-news-admin';
import { adminDashboard } from '@piazza/contract/calls/dashboard-admin';
import { adminDocuments } from '@piazza/contract/calls/documents-admin';
import { adminFunds } from '@piazza/contract/calls/fund-admin';
import {
  adminFundingChannels,
  adminFundingDeposits,
  adminFundingWithdrawals,
} from '@piazza/contract/calls/funding-admin';
import { adminJobs } from '@piazza/contract/calls/jobs-admin';
import { adminLoans } from '@piazza/contract/calls/lending-admin';
import { adminNotices } from '@piazza/contract/calls/notices';
import { adminPlanTerms } from '@piazza/contract/calls/plans';
import { adminOfferings } from '@piazza/contract/calls/primary-admin';
import { adminRegulatory } from '@piazza/contract/calls/regulatory';
import { adminRobots } from '@piazza/contract/calls/robot-admin';
import { adminServiceConversations } from '@piazza/contract/calls/service';
import { adminTaxExempt } from '@piazza/contract/calls/taxes';
import { adminTradingSettings } from '@piazza/contract/calls/trading-admin';
import { adminVipNotes, adminVipPlans } from '@piazza/contract/calls/vip-admin';
import type { CallDef } from '@piazza/contract/define';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router-dom';
import type { MessageKey } from '../i18n/en-US';
import { can } from '../shared/can';
import { LanguageSelect } from '../shared/language-select';
import { request } from '../shared/request';
import { session } from '../shared/session';
import { useMe } from '../shared/use-me';
import styles from './layout.module.css';

interface Section {
  to: string;
  label: MessageKey;
  call: CallDef;
  /** A screen with a section per desk is listed for the roles of this call too. */
  orCall?: CallDef;
  demoOnly?: boolean;
}

/** Each section is listed for the roles that may make its main call. */
const sections: Section[] = [
  { to: '/dashboard', label: 'nav.dashboard', call: adminDashboard },
  { to: '/users', label: 'nav.users', call: adminUsers },
  { to: '/kyc', label: 'nav.kyc', call: adminKycList },
  { to: '/hni', label: 'nav.hni', call: adminHniList },
  { to: '/deposits', label: 'nav.deposits', call: adminFundingDeposits },
  { to: '/withdrawals', label: 'nav.withdrawals', call: adminFundingWithdrawals },
  { to: '/channels', label: 'nav.channels', call: adminFundingChannels },
  { to: '/trading', label: 'nav.trading', call: adminTradingSettings },
  { to: '/offerings', label: 'nav.offerings', call: adminOfferings },
  { to: '/robots', label: 'nav.robots', call: adminRobots },
  { to: '/funds', label: 'nav.funds', call: adminFunds },
  { to: '/blocks', label: 'nav.blocks', call: adminBlocks },
  { to: '/loans', label: 'nav.loans', call: adminLoans },
  { to: '/taxes', label: 'nav.taxes', call: adminTaxExempt },
  { to: '/documents', label: 'nav.documents', call: adminDocuments },
  { to: '/plans', label: 'nav.plans', call: adminPlanTerms },
  { to: '/bonds', label: 'nav.bonds', call: adminBonds },
  { to: '/vip', label: 'nav.vip', call: adminVipPlans, orCall: adminVipNotes },
  { to: '/service', label: 'nav.service', call: adminServiceConversations },
  { to: '/outbox', label: 'nav.outbox', call: adminOutbox, demoOnly: true },
  { to: '/audit', label: 'nav.audit', call: adminAudit },
  { to: '/jobs', label: 'nav.jobs', call: adminJobs },
  { to: '/operators', label: 'nav.operators', call: adminOperators },
  { to: '/content', label: 'nav.content', call: adminContent },
  { to: '/news', label: 'nav.news', call: adminNews },
  { to: '/news/sources', label: 'nav.newsSources', call: adminNewsSources },
  { to: '/banners', label: 'nav.banners', call: adminBanners },
  { to: '/votes', label: 'nav.votes', call: adminVotes },
  { to: '/regulatory', label: 'nav.regulatory', call: adminRegulatory },
  { to: '/notices', label: 'nav.notices', call: adminNotices },
  { to: '/totp', label: 'nav.totp', call: adminTotpStatus },
];

export function Layout() {
  const { t } = useTranslation();
  const me = useMe();
  const role = me.data?.operator.role;
  const logout = useMutation({
    mutationFn: () => request(adminLogout, {}),
    // Signed out locally whatever the server said: the operator asked to leave.
    onSettled: () => session.end(),
  });
  const visible = sections.filter(
    (s) =>
      (can(role, s.call) || (s.orCall !== undefined && can(role, s.orCall))) &&
      (!s.demoOnly || me.data?.demoMode),
  );
  // On a phone the sections fold behind the menu button, and fold again once one is chosen.
  const [menuOpen, setMenuOpen] = useState(false);

  return (
    <div className={styles.shell}>
      <a className="skip" href="#main">
        {t('app.skip')}
      </a>
      <header className={styles.topbar}>
        <button
          type="button"
          className={`secondary ${styles.menuButton}`}
          aria-expanded={menuOpen}
          aria-controls="sections"
          onClick={() => setMenuOpen((open) => !open)}
          data-testid="menu-toggle"
        >
          {t('nav.menu')}
        </button>
        <span className={styles.brand}>{t('app.name')}</span>
        <div className={styles.topbarEnd}>
          {me.data && (
            <span data-testid="signed-in-as">
              {t('header.signedInAs', {
                name: me.data.operator.name,
                role: t(`role.${me.data.operator.role}`),
              })}
            </span>
          )}
          <LanguageSelect />
          <button type="button" className="secondary" onClick={() => logout.mutate()} data-testid="logout">
            {t('header.logout')}
          </button>
        </div>
      </header>
      <nav
        id="sections"
        className={menuOpen ? styles.sidebar : `${styles.sidebar} ${styles.sidebarClosed}`}
        aria-label={t('nav.label')}
      >
        <ul>
          {visible.map((s) => (
            <li key={s.to}>
              <NavLink to={s.to} onClick={() => setMenuOpen(false)} data-testid={`nav-${s.to.slice(1)}`}>
                {t(s.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" className={styles.content}>
        <Outlet />
      </main>
    </div>
  );
}
