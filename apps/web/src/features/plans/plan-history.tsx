import { userPlanDetail, userPlanList, userPlanState } from '@piazza/contract/calls/plans';
import type { PlanExecutionView, planActions } from '@piazza/contract/calls/plans-shapes';
import { formatNumber, formatQuantity } from '@piazza/core/format-number';
import { formatAmount, parseAmount } from '@piazza/core/money';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { api } from '../../shared/api/api';
import { ApiRefusal } from '../../shared/api/failures';
import { useApiQuery } from '../../shared/api/use-api-query';
import { moneyText } from '../../shared/money/money-text';
import { usePersisted } from '../../shared/storage/persisted';
import { FigureList } from '../../shared/ticket/figure-rows';
import { Card } from '../../shared/ui/card';
import { LoadFailed } from '../../shared/ui/load-failed';
import records from '../../shared/ui/records.module.css';
import { PlanStateBadge, planFigures } from './plan-card';
import { changePlanPath, dayText } from './plan-paths';
import styles from './plans.module.css';

type Action = (typeof planActions)[number];

/**
 * plan/detail: one plan, its actions (change, pause or resume, stop) and its history: each execution with the
 * units, the price, the value and both fees, and each skipped date with why and when it was tried again.
 * Test ids: `plan-change`, `plan-pause`, `plan-resume`, `plan-stop`, `plan-history-{id}`, `plan-history-empty`.
 */
export function PlanHistory({ id }: { id: number }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const detail = useApiQuery(userPlanDetail, { id }, { staleTime: 0 });
  const [busy, setBusy] = useState<Action | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  if (detail.isPending) return <Skeleton.Paragraph lineCount={8} animated />;
  if (detail.isError) {
    return detail.error instanceof ApiRefusal ? (
      <Card>
        <p className={records.error}>{detail.error.msg}</p>
      </Card>
    ) : (
      <LoadFailed onRetry={() => void detail.refetch()} />
    );
  }
  const { plan, history } = detail.data;

  const act = async (action: Action) => {
    if (action === 'stop' && !(await Dialog.confirm({ content: t('plans.stopConfirm') }))) return;
    setBusy(action);
    setRefusal(null);
    try {
      await api(userPlanState, { id, action });
      for (const call of [userPlanList, userPlanDetail])
        void queryClient.invalidateQueries({ queryKey: [call.path] });
    } catch (err) {
      if (err instanceof ApiRefusal) setRefusal(err.msg);
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <Card>
        <div className={records.head}>
          <h2 className={records.name} data-testid="plan-name">
            {plan.name}
          </h2>
          <PlanStateBadge state={plan.state} />
        </div>
        <FigureList figures={planFigures(plan, t, lang)} />
        {refusal && (
          <p className={records.error} role="alert">
            {refusal}
          </p>
        )}
        {plan.state !== 'stopped' && (
          <div className={styles.actions}>
            <Button size="small" onClick={() => navigate(changePlanPath(plan.id))} data-testid="plan-change">
              {t('plans.change')}
            </Button>
            {plan.state === 'active' ? (
              <Button
                size="small"
                loading={busy === 'pause'}
                onClick={() => void act('pause')}
                data-testid="plan-pause"
              >
                {t('plans.pause')}
              </Button>
            ) : (
              <Button
                size="small"
                loading={busy === 'resume'}
                onClick={() => void act('resume')}
                data-testid="plan-resume"
              >
                {t('plans.resume')}
              </Button>
            )}
            <Button
              size="small"
              color="danger"
              fill="outline"
              loading={busy === 'stop'}
              onClick={() => void act('stop')}
              data-testid="plan-stop"
            >
              {t('plans.stop')}
            </Button>
          </div>
        )}
      </Card>
      <Card title={t('plans.history')}>
        {history.length === 0 ? (
          <p className={styles.muted} data-testid="plan-history-empty">
            {t('plans.historyEmpty')}
          </p>
        ) : (
          history.map((h) => <HistoryRow key={h.id} row={h} fractional={plan.fractional} />)
        )}
      </Card>
    </>
  );
}

function HistoryRow({ row, fractional }: { row: PlanExecutionView; fractional: boolean }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const day = dayText(row.attemptDate);
  if (row.state === 'skipped') {
    return (
      <div className={styles.row} data-testid={`plan-history-${row.id}`}>
        <div className={styles.rowHead}>
          <span>{day}</span>
          <span className={`${records.badge} ${records.wait}`}>{t('plans.skipped')}</span>
        </div>
        <p className={styles.muted}>{t(`plans.skip.${row.reason ?? 'market'}`)}</p>
      </div>
    );
  }
  const cents = (v: string) => parseAmount(v, 2) ?? 0n;
  const total = formatAmount(cents(row.value) + cents(row.tradeFee) + cents(row.planFee), 2);
  return (
    <div className={styles.row} data-testid={`plan-history-${row.id}`}>
      <div className={styles.rowHead}>
        <span>{day}</span>
        <span className={`${records.badge} ${records.good}`}>{t('plans.executed')}</span>
      </div>
      <p className={styles.muted}>
        {t('plans.bought', {
          0: formatQuantity(row.units, lang, fractional ? 6 : 0),
          1: row.price === null ? '–' : formatNumber(row.price, lang, 3),
          2: moneyText(row.value, 'EUR', lang),
        })}
      </p>
      <p className={styles.muted}>
        {t('plans.fees', {
          0: moneyText(row.tradeFee, 'EUR', lang),
          1: moneyText(row.planFee, 'EUR', lang),
          2: moneyText(total, 'EUR', lang),
        })}
      </p>
    </div>
  );
}
