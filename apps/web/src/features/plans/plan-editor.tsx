import {
  userPlanChange,
  userPlanCreate,
  userPlanDetail,
  userPlanList,
  userPlanTerms,
} from '@piazza/contract/calls/plans';
import { type PlanFrequency, planFrequencies } from '@piazza/contract/calls/plans-shapes';
import { securityOverview } from '@piazza/contract/calls/security';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Skeleton, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { api } from '../../shared/api/api';
import { ApiRefusal } from '../../shared/api/failures';
import { useApiQuery } from '../../shared/api/use-api-query';
import { NumberInput } from '../../shared/forms/number-input';
import { moneyText } from '../../shared/money/money-text';
import { usePersisted } from '../../shared/storage/persisted';
import { type Figure, FigureList } from '../../shared/ticket/figure-rows';
import { PinField } from '../../shared/ticket/ticket-confirm';
import { Card } from '../../shared/ui/card';
import { LoadFailed } from '../../shared/ui/load-failed';
import records from '../../shared/ui/records.module.css';
import { TabRow } from '../../shared/ui/tab-row';
import { planDetailPath } from './plan-paths';
import styles from './plans.module.css';

/**
 * plan/edit: a new plan on `symbol` (`?symbol=`), or a change of plan `id` (`?id=`): the amount each time and
 * how often, with the operator's terms (plan fee, fractions or whole units) shown before it starts. Test ids:
 * `plan-amount-input`, `plan-frequency-{weekly|twiceMonthly|monthly}`, `plan-save`, `plan-refusal`,
 * `plan-terms-{fee|units}`, `plan-pin` (the transaction password, when the investor has set one).
 */
export function PlanEditor({ symbol, id }: { symbol: string | null; id: number | null }) {
  const existing = useApiQuery(userPlanDetail, { id: id ?? 0 }, { enabled: id !== null, staleTime: 0 });
  if (id !== null) {
    if (existing.isPending) return <Skeleton.Paragraph lineCount={6} animated />;
    if (existing.isError) return <LoadFailed onRetry={() => void existing.refetch()} />;
    const plan = existing.data.plan;
    return <PlanForm symbol={plan.symbol} id={id} amount={plan.amount} frequency={plan.frequency} />;
  }
  return <PlanForm symbol={symbol ?? ''} id={null} amount="" frequency="monthly" />;
}

function PlanForm(props: { symbol: string; id: number | null; amount: string; frequency: PlanFrequency }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const terms = useApiQuery(userPlanTerms, { symbol: props.symbol }, { enabled: props.symbol !== '' });
  const [amount, setAmount] = useState(props.amount);
  const [frequency, setFrequency] = useState<PlanFrequency>(props.frequency);
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  // Starting or changing a plan asks the transaction password, as an order does, once the investor has one.
  const security = useApiQuery(securityOverview, {});
  const pinNeeded = security.data?.trade.set === true;
  const [pin, setPin] = useState('');

  if (props.symbol === '') return <p className={records.error}>{t('plans.noSymbol')}</p>;
  if (terms.isPending) return <Skeleton.Paragraph lineCount={6} animated />;
  if (terms.isError) {
    return terms.error instanceof ApiRefusal ? (
      <Card>
        <p className={records.error} data-testid="plan-refusal">
          {terms.error.msg}
        </p>
      </Card>
    ) : (
      <LoadFailed onRetry={() => void terms.refetch()} />
    );
  }
  const term = terms.data;
  const figures: Figure[] = [
    [t('plans.terms.fee'), moneyText(term.planFee, 'EUR', lang), 'plan-terms-fee'],
    [
      t('plans.terms.units'),
      term.fractional ? t('plans.terms.fractional') : t('plans.terms.whole'),
      'plan-terms-units',
    ],
    [
      t('plans.terms.bounds'),
      `${moneyText(term.amountMin, 'EUR', lang)} – ${moneyText(term.amountMax, 'EUR', lang)}`,
      'plan-terms-bounds',
    ],
  ];

  const save = async () => {
    setSending(true);
    setRefusal(null);
    const password = pinNeeded ? { tradePassword: pin } : {};
    try {
      const plan =
        props.id === null
          ? await api(userPlanCreate, { symbol: term.symbol, amount, frequency, ...password })
          : await api(userPlanChange, { id: props.id, amount, frequency, ...password });
      for (const call of [userPlanList, userPlanDetail])
        void queryClient.invalidateQueries({ queryKey: [call.path] });
      Toast.show({ content: t(props.id === null ? 'plans.started' : 'plans.changed') });
      navigate(planDetailPath(plan.id), { replace: true });
    } catch (err) {
      if (err instanceof ApiRefusal) setRefusal(err.msg);
    } finally {
      setSending(false);
    }
  };

  return (
    <Card>
      <h2 className={records.name} data-testid="plan-instrument">
        {term.name}
      </h2>
      <p className={styles.muted}>{term.symbol}</p>
      <label className={records.label} htmlFor="plan-amount">
        {t('plans.amountLabel')}
      </label>
      <NumberInput
        id="plan-amount"
        value={amount}
        onChange={setAmount}
        scale={2}
        testId="plan-amount-input"
      />
      <span className={records.label} id="plan-frequency-label">
        {t('plans.frequencyLabel')}
      </span>
      <TabRow
        options={planFrequencies}
        value={frequency}
        onChange={setFrequency}
        label={(f) => t(`plans.frequency.${f}`)}
        testId={(f) => `plan-frequency-${f}`}
        classes={{ row: records.tabs, tab: records.tab, tabOn: records.tabOn }}
      />
      <FigureList figures={figures} />
      <p className={styles.muted}>{t('plans.howItWorks')}</p>
      {pinNeeded && <PinField label={t('trade.pin')} value={pin} onChange={setPin} testId="plan-pin" />}
      {refusal && (
        <p className={records.error} role="alert" data-testid="plan-refusal">
          {refusal}
        </p>
      )}
      <Button
        block
        color="primary"
        loading={sending}
        disabled={amount === '' || (pinNeeded && pin.length !== 6)}
        onClick={() => void save()}
        data-testid="plan-save"
      >
        {t(props.id === null ? 'plans.start' : 'plans.save')}
      </Button>
    </Card>
  );
}
