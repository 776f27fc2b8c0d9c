import { updateAutoApply } from '@piazza/contract/calls/security';
import { List, Skeleton, Switch, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../../features/security/security.module.css';
import { refreshSecurityOverview, useSecurityOverview } from '../../features/security/use-security-overview';
import { api } from '../../shared/api/api';
import { RequireSession } from '../../shared/session/require-session';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Page } from '../../shared/ui/page';

/**
 * Automatic IPO subscription on or off. Only a user the back office opened it for (openAutoApply 1) gets
 * the switch; anyone else who opens the address is told politely that it is not available.
 */
export default function IpoSwitch() {
  const { t } = useTranslation();
  return (
    <Page title={t('ipo.title')}>
      <RequireSession>{() => <SwitchScreen />}</RequireSession>
    </Page>
  );
}

function SwitchScreen() {
  const { t } = useTranslation();
  const overview = useSecurityOverview();
  const [saving, setSaving] = useState(false);

  if (overview.isPending) return <Skeleton.Paragraph lineCount={3} animated />;
  if (overview.isError) return <LoadFailed onRetry={() => void overview.refetch()} />;
  if (overview.data.openAutoApply !== 1) {
    return (
      <div className={styles.card} role="status" data-testid="ipo-closed">
        {t('ipo.closed')}
      </div>
    );
  }

  const change = async (open: boolean) => {
    setSaving(true);
    try {
      const saved = await api(updateAutoApply, { open: open ? 1 : 0 });
      Toast.show({ content: t(saved.autoApply === 1 ? 'ipo.on' : 'ipo.off') });
      await refreshSecurityOverview();
    } catch {
      // Shown by the wrapper; the switch shows the stored state again.
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <p className={styles.intro}>{t('ipo.intro')}</p>
      <List className={styles.listCard}>
        <List.Item
          extra={
            <Switch
              checked={overview.data.autoApply === 1}
              loading={saving}
              onChange={change}
              aria-label={t('ipo.label')}
              data-testid="ipo-switch"
            />
          }
        >
          {t('ipo.label')}
        </List.Item>
      </List>
    </>
  );
}
