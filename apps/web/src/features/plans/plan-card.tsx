import type { PlanView } from '@piazza/contract/calls/plans-shapes';
import type { Language } from '@piazza/contract/wire';
import { formatQuantity } from '@piazza/core/format-number';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { moneyText } from '../../shared/money/money-text';
import { usePersisted } from '../../shared/storage/persisted';
import { type Figure, FigureList } from '../../shared/ticket/figure-rows';
import { Card } from '../../shared/ui/card';
import records from '../../shared/ui/records.module.css';
import { dayText, planDetailPath } from './plan-paths';
import styles from './plans.module.css';

/** The figures of a plan: amount and frequency, next date, units bought and what they cost. */
export function planFigures(plan: PlanView, t: TFunction, lang: Language): Figure[] {
  const figures: Figure[] = [
    [
      t('plans.amount'),
      `${moneyText(plan.amount, 'EUR', lang)} · ${t(`plans.frequency.${plan.frequency}`)}`,
      'plan-amount',
    ],
    [t('plans.units'), formatQuantity(plan.units, lang, plan.fractional ? 6 : 0), 'plan-units'],
    [t('plans.invested'), moneyText(plan.invested, 'EUR', lang), 'plan-invested'],
    [t('plans.executions'), String(plan.executions), 'plan-executions'],
  ];
  if (plan.state !== 'stopped')
    figures.splice(1, 0, [t('plans.nextDate'), dayText(plan.nextDate), 'plan-next']);
  return figures;
}

/** The tone of a plan's state badge, from the shared record looks. */
const planTone: Record<PlanView['state'], 'good' | 'wait' | 'done'> = {
  active: 'good',
  paused: 'wait',
  stopped: 'done',
};

export function PlanStateBadge({ state }: { state: PlanView['state'] }) {
  const { t } = useTranslation();
  return (
    <span className={`${records.badge} ${records[planTone[state]]}`} data-testid="plan-state">
      {t(`plans.state.${state}`)}
    </span>
  );
}

/** One plan in the list, leading to its history. Test ids: `plan-{id}` and the figures' `plan-{figure}`. */
export function PlanCard({ plan }: { plan: PlanView }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  return (
    <Card testId={`plan-${plan.id}`}>
      <Link to={planDetailPath(plan.id)} className={styles.link}>
        <div className={records.head}>
          <h2 className={records.name}>{plan.name}</h2>
          <PlanStateBadge state={plan.state} />
        </div>
        <FigureList figures={planFigures(plan, t, lang)} />
      </Link>
    </Card>
  );
}
