import {
  userPlanDetail,
  userPlanHoldings,
  userPlanSell,
  userPlanSellPreview,
} from '@piazza/contract/calls/plans';
import type { PlanHoldingView } from '@piazza/contract/calls/plans-shapes';
import { securityOverview } from '@piazza/contract/calls/security';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Popup, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/api';
import { ApiRefusal } from '../../shared/api/failures';
import { apiQueryKey, useApiQuery } from '../../shared/api/use-api-query';
import { NumberInput } from '../../shared/forms/number-input';
import { useSubmissionIds } from '../../shared/money/submission-id';
import { usePersisted } from '../../shared/storage/persisted';
import { type Figure, FigureList } from '../../shared/ticket/figure-rows';
import { figure, shareCount } from '../../shared/ticket/order-figures';
import styles from '../../shared/ticket/ticket.module.css';
import { PinField } from '../../shared/ticket/ticket-confirm';
import { tradingCalls } from '../../shared/ticket/trading-calls';

/** Units of a plan's fractions: 6 decimals (the ledger asset `PAC:{symbol}`). */
const unitsScale = 6;

/**
 * Sells a plan's fractions in a bottom sheet (decision 063): the units typed as the reader's language writes
 * them, Max for all of them, the estimated proceeds at the bid now (value, fee, tax, net) read from the
 * server's preview, and the transaction password when one is set. Test ids: `plan-sell-quantity`,
 * `plan-sell-max`, `plan-sell-{bid|value|fee|tax|net}`, `plan-sell-refusal`, `plan-sell-pin`, `plan-sell-confirm`.
 */
export function PlanSellSheet({
  holding,
  visible,
  onClose,
}: {
  holding: PlanHoldingView;
  visible: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const token = usePersisted('userToken');
  const queryClient = useQueryClient();
  const ids = useSubmissionIds();
  const security = useApiQuery(securityOverview, {});
  const pinNeeded = security.data?.trade.set === true;
  const [quantity, setQuantity] = useState('');
  const [pin, setPin] = useState('');
  const [sending, setSending] = useState(false);

  const params = { symbol: holding.symbol, quantity };
  const preview = useQuery({
    queryKey: apiQueryKey(userPlanSellPreview, params, lang, token),
    // Silent: a refusal (more than held, market closed) is shown under the box, not as a toast per keystroke.
    queryFn: () => api(userPlanSellPreview, params, { silent: true }),
    enabled: visible && quantity !== '' && Number(quantity) > 0,
    retry: false,
    staleTime: 0,
  });
  const estimate = preview.data;
  const refusal = preview.error instanceof ApiRefusal ? preview.error.msg : null;

  const sell = async () => {
    setSending(true);
    const fields = { symbol: holding.symbol, quantity };
    try {
      const sold = await api(userPlanSell, {
        ...fields,
        requestId: ids.idFor(fields),
        ...(pinNeeded ? { tradePassword: pin } : {}),
      });
      ids.settle();
      Toast.show({
        content: t('plans.sell.done', {
          0: shareCount(sold.units, lang),
          1: holding.symbol,
          2: `${figure(sold.net, lang)} EUR`,
        }),
      });
      setPin('');
      onClose();
    } catch {
      // The wrapper showed the refusal (market closed, more than held, a wrong password).
    } finally {
      setSending(false);
      for (const call of [userPlanHoldings, userPlanDetail, ...tradingCalls])
        void queryClient.invalidateQueries({ queryKey: [call.path] });
    }
  };

  const money = (v: string | undefined) => (v === undefined ? '--' : `${figure(v, lang)} EUR`);
  const figures: Figure[] = [
    [t('plans.sell.bid'), figure(estimate?.price ?? holding.bid, lang), 'plan-sell-bid'],
    [t('plans.sell.value'), money(estimate?.value), 'plan-sell-value'],
    [t('plans.sell.fee'), money(estimate?.fee), 'plan-sell-fee'],
    [t('plans.sell.tax'), money(estimate?.tax), 'plan-sell-tax'],
    [t('plans.sell.net'), money(estimate?.net), 'plan-sell-net'],
  ];
  const pinReady = !pinNeeded || pin.length === 6;
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      bodyStyle={{ borderRadius: '12px 12px 0 0' }}
      destroyOnClose
    >
      <div className={styles.sheet} data-testid="plan-sell-sheet">
        <h2 className={styles.sheetTitle}>
          {t('plans.sell.title')} · {holding.symbol}
        </h2>
        <div className={styles.field}>
          <label htmlFor="plan-sell-quantity" className={styles.fieldLabel}>
            {t('plans.sell.quantity')}
          </label>
          <NumberInput
            id="plan-sell-quantity"
            className={styles.input}
            value={quantity}
            onChange={setQuantity}
            scale={unitsScale}
            testId="plan-sell-quantity"
          />
          <span className={styles.hint} data-testid="plan-sell-available">
            {t('plans.sell.available', { 0: shareCount(holding.units, lang) })}
          </span>
        </div>
        <Button size="small" onClick={() => setQuantity(holding.units)} data-testid="plan-sell-max">
          {t('plans.sell.max')}
        </Button>
        <FigureList figures={figures} />
        {refusal && (
          <p className={styles.error} role="alert" data-testid="plan-sell-refusal">
            {refusal}
          </p>
        )}
        <p className={styles.hint}>{t('plans.sell.note')}</p>
        {pinNeeded && (
          <PinField label={t('trade.pin')} value={pin} onChange={setPin} testId="plan-sell-pin" />
        )}
        <div className={styles.actions}>
          <Button block onClick={onClose} data-testid="plan-sell-cancel">
            {t('common.cancel')}
          </Button>
          <Button
            block
            color="danger"
            loading={sending}
            disabled={!estimate || refusal !== null || !pinReady}
            onClick={() => void sell()}
            data-testid="plan-sell-confirm"
          >
            {t('plans.sell.confirm')}
          </Button>
        </div>
      </div>
    </Popup>
  );
}
