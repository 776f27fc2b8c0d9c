import { securityOverview } from '@piazza/contract/calls/security';
import { userVipBuy } from '@piazza/contract/calls/vip';
import type { VipStatusView } from '@piazza/contract/calls/vip-shapes';
import { formatDate } from '@piazza/core/format-date';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/api';
import { ApiRefusal } from '../../shared/api/failures';
import { useApiQuery } from '../../shared/api/use-api-query';
import { moneyText } from '../../shared/money/money-text';
import { useSubmissionIds } from '../../shared/money/submission-id';
import { usePersisted } from '../../shared/storage/persisted';
import { PinField } from '../../shared/ticket/ticket-confirm';
import { Card } from '../../shared/ui/card';
import styles from './vip.module.css';
import { vipRefreshCalls } from './vip-calls';

/**
 * The plans on sale, each with its days and price; Buy asks for a confirmation naming the price, the account
 * it is paid from and the new end (an active membership is extended from its end) and the transaction password
 * when one is set, then the money call. A
 * refusal stays under the confirmation. Test ids: `vip-plan-{id}`, `vip-buy-{id}`, `vip-buy-send`,
 * `vip-buy-cancel`, `vip-buy-refusal`.
 */
export function VipPlans({ status }: { status: VipStatusView }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const queryClient = useQueryClient();
  const ids = useSubmissionIds();
  const security = useApiQuery(securityOverview, {});
  const pinNeeded = security.data?.trade.set === true;
  const [pin, setPin] = useState('');
  const [chosen, setChosen] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const plans = status.plans.filter((p) => p.active);

  const choose = (id: number | null) => {
    setRefusal(null);
    setChosen(id);
  };

  const buy = async (planId: number) => {
    setSending(true);
    setRefusal(null);
    try {
      const password = pinNeeded ? { tradePassword: pin } : {};
      await api(userVipBuy, { planId, ...password, requestId: ids.idFor({ planId }) });
      ids.settle();
      Toast.show({ content: t('vipPage.bought') });
      setChosen(null);
    } catch (err) {
      if (err instanceof ApiRefusal) setRefusal(err.msg);
    } finally {
      setPin('');
      setSending(false);
      for (const call of vipRefreshCalls) void queryClient.invalidateQueries({ queryKey: [call.path] });
    }
  };

  return (
    <Card title={t('vipPage.plans')} testId="vip-plans">
      {plans.length === 0 ? (
        <p className={styles.muted} data-testid="vip-plans-empty">
          {t('vipPage.noPlans')}
        </p>
      ) : (
        plans.map((plan) => {
          const price = moneyText(plan.price, plan.currency, lang);
          return (
            <div key={plan.id} data-testid={`vip-plan-${plan.id}`}>
              <div className={styles.plan}>
                <span className={styles.planText}>
                  <span className={styles.planDays}>
                    {t('vipPage.planDays', { count: plan.days, 0: plan.days })}
                  </span>
                  <span className={styles.planPrice}>{price}</span>
                </span>
                <Button
                  size="small"
                  color="primary"
                  fill={chosen === plan.id ? 'outline' : 'solid'}
                  onClick={() => choose(chosen === plan.id ? null : plan.id)}
                  data-testid={`vip-buy-${plan.id}`}
                >
                  {t(status.state === 'active' ? 'vipPage.extend' : 'vipPage.buy')}
                </Button>
              </div>
              {chosen === plan.id && (
                <div className={styles.confirm} data-testid="vip-buy-confirm">
                  <p data-testid="vip-buy-summary">
                    {status.state === 'active' && status.endsAt !== null
                      ? t('vipPage.confirmExtend', {
                          0: price,
                          1: plan.days,
                          2: formatDate(status.endsAt),
                          3: plan.currency,
                        })
                      : t('vipPage.confirmBuy', { 0: price, 1: plan.days, 2: plan.currency })}
                  </p>
                  {refusal && (
                    <p className={styles.error} role="alert" data-testid="vip-buy-refusal">
                      {refusal}
                    </p>
                  )}
                  {pinNeeded && (
                    <PinField label={t('vipPage.pin')} value={pin} onChange={setPin} testId="vip-buy-pin" />
                  )}
                  <div className={styles.actions}>
                    <Button
                      block
                      onClick={() => choose(null)}
                      disabled={sending}
                      data-testid="vip-buy-cancel"
                    >
                      {t('common.cancel')}
                    </Button>
                    <Button
                      block
                      color="primary"
                      loading={sending}
                      onClick={() => void buy(plan.id)}
                      data-testid="vip-buy-send"
                    >
                      {t('vipPage.pay', { 0: price })}
                    </Button>
                  </div>
                </div>
              )}
            </div>
          );
        })
      )}
      <p className={styles.muted}>{t('vipPage.noIncentive')}</p>
    </Card>
  );
}
