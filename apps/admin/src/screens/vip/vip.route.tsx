import { adminUsers } from '@piazza/contract/calls/admin';
import { adminVipNotes, adminVipPlans } from '@piazza/contract/calls/vip-admin';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { can } from '../../shared/can';
import { useMe } from '../../shared/use-me';
import styles from './vip.module.css';
import { VipNotes } from './vip-notes';
import { VipPlans } from './vip-plans';

/**
 * VIP in the back office (issue 14, decision 035), one screen with a section per desk: the plans on sale and
 * the trial's length (finance prices plans, support sets the trial), and the research notes members read
 * (support writes them, compliance checks them). Membership buys research and the strategy service only:
 * nothing here touches leverage, fees, margins or volumes, which ESMA's product intervention keeps away from
 * any incentive, so no form offers such a perk.
 */
export default function VipScreen() {
  const { t } = useTranslation();
  const role = useMe().data?.operator.role;
  return (
    <section aria-labelledby="vip-title">
      <h1 id="vip-title">{t('vipAdmin.title')}</h1>
      <p className="muted" data-testid="vip-perks-hint">
        {t('vipAdmin.hint')}
      </p>
      {can(role, adminUsers) && (
        <p className="muted">
          {t('vipAdmin.strategyHint')} <Link to="/users">{t('vipAdmin.strategyLink')}</Link>
        </p>
      )}
      {can(role, adminVipPlans) && (
        <div className={styles.section}>
          <VipPlans />
        </div>
      )}
      {can(role, adminVipNotes) && (
        <div className={styles.section}>
          <VipNotes />
        </div>
      )}
    </section>
  );
}
