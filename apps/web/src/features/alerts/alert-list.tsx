import { userAlertCancel, userAlertList } from '@piazza/contract/calls/alerts';
import type { AlertView } from '@piazza/contract/calls/alerts-shapes';
import { formatDateTime } from '@piazza/core/format-date';
import { formatNumber } from '@piazza/core/format-number';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/api';
import { useApiQuery } from '../../shared/api/use-api-query';
import { usePersisted } from '../../shared/storage/persisted';
import { Card } from '../../shared/ui/card';
import listing from '../../shared/ui/listing.module.css';
import { LoadFailed } from '../../shared/ui/load-failed';
import records from '../../shared/ui/records.module.css';
import { alertCondition } from './alert-text';
import styles from './alerts.module.css';

/**
 * alert/list: the investor's price alerts, newest first: armed ones with a cancel button, fired ones with the
 * price and time they fired at. Test ids: `alert-{id}`, `alert-{id}-state`, `alert-{id}-cancel`, `alerts-empty`.
 */
export function AlertList() {
  const { t } = useTranslation();
  const list = useApiQuery(userAlertList, { page: 1, size: 100 }, { staleTime: 0, refetchInterval: 5_000 });
  if (list.isPending) return <Skeleton.Paragraph lineCount={6} animated />;
  if (list.isError) return <LoadFailed onRetry={() => void list.refetch()} />;
  if (list.data.list.length === 0) {
    return (
      <p className={listing.empty} data-testid="alerts-empty">
        {t('alerts.empty')}
      </p>
    );
  }
  return (
    <>
      {list.data.list.map((alert) => (
        <AlertRow key={alert.id} alert={alert} />
      ))}
    </>
  );
}

/** The class of an alert's state badge: armed has its own tone, the others the shared record tones. */
const alertTone: Record<AlertView['state'], string> = {
  armed: styles.armed,
  fired: records.good,
  cancelled: records.done,
};

function AlertRow({ alert }: { alert: AlertView }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const queryClient = useQueryClient();
  const cancel = async () => {
    await api(userAlertCancel, { id: alert.id }).catch(() => undefined);
    void queryClient.invalidateQueries({ queryKey: [userAlertList.path] });
  };
  const decimals = (alert.firedPrice ?? '').split('.')[1]?.length ?? 2;
  return (
    <Card testId={`alert-${alert.id}`}>
      <div className={styles.row}>
        <h2 className={styles.name}>{alert.name}</h2>
        <span
          className={`${records.badge} ${alertTone[alert.state]}`}
          data-testid={`alert-${alert.id}-state`}
        >
          {t(`alerts.state.${alert.state}`)}
        </span>
      </div>
      <p className={styles.muted}>{alertCondition(alert, t, lang)}</p>
      {alert.state === 'fired' && alert.firedPrice && alert.firedAt && (
        <p className={styles.muted} data-testid={`alert-${alert.id}-fired`}>
          {t('alerts.firedAt', {
            0: `${formatNumber(alert.firedPrice, lang, decimals)} ${alert.currency}`,
            1: formatDateTime(Date.parse(alert.firedAt)),
          })}
        </p>
      )}
      {alert.state === 'armed' && (
        <Button
          size="small"
          fill="outline"
          onClick={() => void cancel()}
          data-testid={`alert-${alert.id}-cancel`}
        >
          {t('alerts.cancel')}
        </Button>
      )}
    </Card>
  );
}
