import { userPlanHoldings } from '@piazza/contract/calls/plans';
import type { PlanHoldingView } from '@piazza/contract/calls/plans-shapes';
import { formatAmount, parseAmount } from '@piazza/core/money';
import { tradeValue } from '@piazza/core/trading/fills';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../shared/api/use-api-query';
import { useTicker } from '../../shared/realtime/use-topic';
import { usePersisted } from '../../shared/storage/persisted';
import { type Figure, FigureList, FigureRow } from '../../shared/ticket/figure-rows';
import { figure, shareCount } from '../../shared/ticket/order-figures';
import ticket from '../../shared/ticket/ticket.module.css';
import { Card } from '../../shared/ui/card';
import records from '../../shared/ui/records.module.css';
import { PlanSellSheet } from './plan-sell-sheet';

/**
 * The fractions the investor's savings plans bought (decision 063), shown in the positions beside the shares:
 * one card per instrument, labelled as plan units, valued at the live price with cost and P&L, and a sell
 * button opening the sheet that sells them at the bid. Nothing is shown when no plan holds fractions. Test
 * ids: `plan-units-{symbol}`, `plan-units-quantity`, `plan-units-value`, `plan-units-pnl`, `plan-units-sell`.
 */
/** The units' worth at a live price and the P&L on their cost, valued as the server values a trade. */
function liveWorth(units: string, last: string, cost: string): { value: string; pnl: string } | null {
  const priceScale = (last.split('.')[1] ?? '').length;
  const scales = { priceScale, quantityScale: 6, currencyScale: 2 };
  const price = parseAmount(last, priceScale);
  const quantity = parseAmount(units, 6);
  const paid = parseAmount(cost, 2);
  if (price === null || quantity === null || paid === null) return null;
  const value = tradeValue(price * quantity, scales);
  return { value: formatAmount(value, 2), pnl: formatAmount(value - paid, 2) };
}

export function PlanUnits() {
  const holdings = useApiQuery(userPlanHoldings, {}, { staleTime: 0 });
  const list = holdings.data?.list ?? [];
  if (list.length === 0) return null;
  return (
    <>
      {list.map((h) => (
        <PlanUnitsCard key={h.symbol} holding={h} />
      ))}
    </>
  );
}

function PlanUnitsCard({ holding }: { holding: PlanHoldingView }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const quote = useTicker(holding.symbol);
  const [selling, setSelling] = useState(false);
  const last = quote?.symbol === holding.symbol ? quote.last : holding.lastPrice;
  const live = last === null ? null : liveWorth(holding.units, last, holding.cost);
  const value = live?.value ?? holding.marketValue;
  const pnl = live?.pnl ?? holding.pnl;
  const pnlClass = pnl?.startsWith('-') ? ticket.down : ticket.up;
  const figures: Figure[] = [
    [t('plans.fractions.held'), shareCount(holding.units, lang), 'plan-units-quantity'],
    [t('plans.fractions.averageCost'), figure(holding.averageCost, lang), 'plan-units-average'],
    [t('plans.fractions.cost'), `${figure(holding.cost, lang)} ${holding.currency}`, 'plan-units-cost'],
    [t('plans.fractions.last'), figure(last, lang), 'plan-units-last'],
    [t('plans.fractions.value'), `${figure(value, lang)} ${holding.currency}`, 'plan-units-value'],
  ];
  return (
    <Card title={`${holding.name} · ${holding.symbol}`} testId={`plan-units-${holding.symbol}`}>
      <p className={records.head}>
        <span className={`${records.badge} ${records.good}`} data-testid="plan-units-badge">
          {t('plans.fractions.badge')}
        </span>
      </p>
      <FigureList figures={figures}>
        <FigureRow
          label={t('plans.fractions.pnl')}
          value={`${figure(pnl, lang)} ${holding.currency}`}
          testId="plan-units-pnl"
          tone={pnlClass}
        />
      </FigureList>
      <p className={ticket.note}>{t('plans.fractions.note')}</p>
      <div className={ticket.actions}>
        <Button block color="danger" onClick={() => setSelling(true)} data-testid="plan-units-sell">
          {t('plans.fractions.sell')}
        </Button>
      </div>
      {selling && <PlanSellSheet holding={holding} visible={selling} onClose={() => setSelling(false)} />}
    </Card>
  );
}
