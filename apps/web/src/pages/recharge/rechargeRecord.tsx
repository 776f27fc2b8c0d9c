import { Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { DepositRecords } from '../../features/funding/deposit-records';
import styles from '../../features/funding/funding.module.css';
import { RequireSession } from '../../shared/session/require-session';
import { Page } from '../../shared/ui/page';

/** Every deposit of the user: paid outside the app (bank, e-wallet, offline) and crypto, one tab each. */
export default function RechargeRecord() {
  const { t } = useTranslation();
  return (
    <Page title={t('recharge.record.title')}>
      <RequireSession>
        {() => (
          <Tabs defaultActiveKey="fiat" className={styles.tabs}>
            <Tabs.Tab title={t('recharge.record.fiat')} key="fiat" data-testid="recharge-record-tab-fiat">
              <DepositRecords source="fiat" />
            </Tabs.Tab>
            <Tabs.Tab
              title={t('recharge.record.crypto')}
              key="crypto"
              data-testid="recharge-record-tab-crypto"
            >
              <DepositRecords source="crypto" />
            </Tabs.Tab>
          </Tabs>
        )}
      </RequireSession>
    </Page>
  );
}
