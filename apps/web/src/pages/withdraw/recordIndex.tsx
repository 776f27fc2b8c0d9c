import { Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import styles from '../../features/funding/funding.module.css';
import { WithdrawalRecords } from '../../features/funding/withdrawal-records';
import { RequireSession } from '../../shared/session/require-session';
import { Page } from '../../shared/ui/page';

/** Every withdrawal of the user: to bank accounts and e-wallets, and to crypto addresses, one tab each. */
export default function RecordIndex() {
  const { t } = useTranslation();
  return (
    <Page title={t('withdraw.record.indexTitle')}>
      <RequireSession>
        {() => (
          <Tabs defaultActiveKey="fiat" className={styles.tabs}>
            <Tabs.Tab title={t('withdraw.record.fiat')} key="fiat">
              <WithdrawalRecords source="fiat" />
            </Tabs.Tab>
            <Tabs.Tab title={t('withdraw.record.crypto')} key="crypto">
              <WithdrawalRecords source="crypto" />
            </Tabs.Tab>
          </Tabs>
        )}
      </RequireSession>
    </Page>
  );
}
