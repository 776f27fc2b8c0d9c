import { stockAiSimulate } from '@piazza/contract/calls/robot';
import type { RobotView } from '@piazza/contract/calls/robot-shapes';
import { translate } from '@piazza/contract/messages/catalogue';
import { formatDate } from '@piazza/core/format-date';
import { formatNumber } from '@piazza/core/format-number';
import { Button, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../shared/api/use-api-query';
import { LineChart } from '../../shared/charts/line-chart';
import { profitTone, signedMoney } from '../../shared/figures/figure-text';
import { toneClass } from '../../shared/figures/tone-class';
import { moneyText } from '../../shared/money/money-text';
import { usePersisted } from '../../shared/storage/persisted';
import { readAmountEntry } from '../../shared/ticket/amount-entry';
import { type Figure, FigureList } from '../../shared/ticket/figure-rows';
import { DecimalField, Segments } from '../../shared/ticket/ticket-confirm';
import { Card } from '../../shared/ui/card';
import listing from '../../shared/ui/listing.module.css';
import { LoadFailed } from '../../shared/ui/load-failed';
import productStyles from '../../shared/ui/products.module.css';
import { aiAmountRefusals } from './robot-calls';

const spans = [30, 90, 365] as const;
type Span = (typeof spans)[number];

/** "What would €X have done": the strategy replayed on the last 30, 90 or 365 sessions, fees included. */
export function SimulateBox({ robot }: { robot: RobotView }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const [typed, setTyped] = useState(() => formatNumber(robot.minAmount, lang, 2));
  const [days, setDays] = useState<Span>(90);
  const [asked, setAsked] = useState<{ amount: string; days: Span } | null>(null);
  const entry = readAmountEntry(typed, lang, { currency: robot.currency }, aiAmountRefusals);
  const result = useApiQuery(
    stockAiSimulate,
    { id: robot.id, amount: asked?.amount ?? '0', days: asked?.days ?? 90 },
    { enabled: asked !== null },
  );
  const money = (amount: string) => moneyText(amount, robot.currency, lang);
  const r = result.data;
  const rows: Figure[] = r
    ? [
        [t('robot.sim.period'), `${formatDate(r.from)} – ${formatDate(r.to)}`, 'sim-period'],
        [t('robot.sim.amount'), money(r.amount), 'sim-amount'],
        [t('robot.sim.value'), money(r.value), 'sim-value'],
        [
          t('robot.sim.profit'),
          signedMoney(r.profit, robot.currency, lang),
          'sim-profit',
          toneClass(profitTone(r.profit)),
        ],
        [t('robot.sim.fees'), money(r.fees), 'sim-fees'],
      ]
    : [];
  return (
    <Card title={t('robot.sim.title')} testId="robot-simulate">
      <DecimalField
        id="sim-amount-input"
        label={t('robot.sim.amountLabel', { 0: robot.currency })}
        value={typed}
        onChange={setTyped}
        hint={
          entry.problem && typed.trim() !== ''
            ? { text: translate(lang, entry.problem.key, entry.problem.params), error: true }
            : undefined
        }
      />
      <Segments
        options={spans}
        value={days}
        onChange={setDays}
        label={(d) => t('robot.sim.days', { 0: d })}
        testId={(d) => `sim-days-${d}`}
      />
      <Button
        block
        color="primary"
        fill="outline"
        disabled={entry.amount === null}
        loading={asked !== null && result.isFetching}
        onClick={() => {
          if (entry.amount) setAsked({ amount: entry.amount, days });
        }}
        data-testid="sim-run"
      >
        {t('robot.sim.run')}
      </Button>
      {asked !== null &&
        (result.isError ? (
          <LoadFailed onRetry={() => void result.refetch()} />
        ) : !r ? (
          <Skeleton.Paragraph lineCount={4} animated />
        ) : (
          <div data-testid="sim-result">
            <LineChart series={r.series} label={t('robot.sim.title')} testId="sim-chart" />
            <FigureList figures={rows} />
            <p className={listing.note}>{t('robot.sim.about', { 0: asked.days })}</p>
          </div>
        ))}
      <p className={productStyles.past}>{t('robot.pastResults')}</p>
    </Card>
  );
}
