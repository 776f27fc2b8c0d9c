import { userAlertCreate, userAlertList } from '@piazza/contract/calls/alerts';
import { type AlertKind, alertKinds } from '@piazza/contract/calls/alerts-shapes';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { api } from '../../shared/api/api';
import { ApiRefusal } from '../../shared/api/failures';
import { NumberInput } from '../../shared/forms/number-input';
import { Card } from '../../shared/ui/card';
import records from '../../shared/ui/records.module.css';
import { TabRow } from '../../shared/ui/tab-row';
import { alertPaths } from './alert-paths';
import styles from './alerts.module.css';

/**
 * alert/set: an alert on `symbol`, above or below a price, or a move up or down in a day by a percentage of
 * the previous close. It fires once, as a notice and a push. Test ids: `alert-kind-{kind}`, `alert-price`,
 * `alert-percent`, `alert-save`, `alert-refusal`.
 */
export function AlertForm({ symbol, lastPrice }: { symbol: string; lastPrice?: string | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<AlertKind>('above');
  const [price, setPrice] = useState(lastPrice ?? '');
  const [percent, setPercent] = useState('');
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const byPrice = kind === 'above' || kind === 'below';

  const save = async () => {
    setSending(true);
    setRefusal(null);
    try {
      await api(userAlertCreate, byPrice ? { symbol, kind, price } : { symbol, kind, percent });
      void queryClient.invalidateQueries({ queryKey: [userAlertList.path] });
      Toast.show({ content: t('alerts.set') });
      navigate(alertPaths.list);
    } catch (err) {
      if (err instanceof ApiRefusal) setRefusal(err.msg);
    } finally {
      setSending(false);
    }
  };

  return (
    <Card>
      <h2 className={styles.name} data-testid="alert-symbol">
        {symbol}
      </h2>
      <span className={records.label}>{t('alerts.kindLabel')}</span>
      <TabRow
        options={alertKinds}
        value={kind}
        onChange={setKind}
        label={(k) => t(`alerts.kind.${k}`)}
        testId={(k) => `alert-kind-${k}`}
        classes={{ row: records.tabs, tab: records.tab, tabOn: records.tabOn }}
      />
      {byPrice ? (
        <>
          <label className={records.label} htmlFor="alert-price">
            {t('alerts.priceLabel')}
          </label>
          <NumberInput id="alert-price" value={price} onChange={setPrice} scale={8} testId="alert-price" />
        </>
      ) : (
        <>
          <label className={records.label} htmlFor="alert-percent">
            {t('alerts.percentLabel')}
          </label>
          <NumberInput
            id="alert-percent"
            value={percent}
            onChange={setPercent}
            scale={2}
            testId="alert-percent"
          />
        </>
      )}
      <p className={styles.muted}>{t('alerts.once')}</p>
      {refusal && (
        <p className={records.error} role="alert" data-testid="alert-refusal">
          {refusal}
        </p>
      )}
      <div className={styles.submit}>
        <Button
          block
          color="primary"
          loading={sending}
          disabled={byPrice ? price === '' : percent === ''}
          onClick={() => void save()}
          data-testid="alert-save"
        >
          {t('alerts.save')}
        </Button>
      </div>
    </Card>
  );
}
