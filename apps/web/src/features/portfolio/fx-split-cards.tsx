import { portfolioFxSplit } from '@piazza/contract/calls/portfolio';
import type { CallOutput } from '@piazza/contract/define';
import type { Language } from '@piazza/contract/wire';
import { formatNumber } from '@piazza/core/format-number';
import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../shared/api/use-api-query';
import { profitTone } from '../../shared/figures/figure-text';
import { toneClass } from '../../shared/figures/tone-class';
import { moneyText } from '../../shared/money/money-text';
import { usePersisted } from '../../shared/storage/persisted';
import { type Figure, FigureList } from '../../shared/ticket/figure-rows';
import { Card } from '../../shared/ui/card';
import styles from './portfolio.module.css';

type Holding = CallOutput<typeof portfolioFxSplit>['list'][number];

const signed = (amount: string, currency: string, lang: Language) =>
  `${profitTone(amount) === 'up' ? '+' : ''}${moneyText(amount, currency, lang)}`;

function FxSplitCard({ h }: { h: Holding }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const id = (name: string) => `fx-split-${h.symbol}-${name}`;
  const rate = (r: string) => formatNumber(r, lang, 4);
  const figures: Figure[] = [
    [t('portfolio.fx.quantity'), formatNumber(h.quantity, lang, 0), id('quantity')],
    [
      t('portfolio.fx.cost'),
      t('portfolio.fx.costValue', {
        0: moneyText(h.costUsd, 'USD', lang),
        1: moneyText(h.costEur, 'EUR', lang),
        2: rate(h.eurUsdAtCost),
      }),
      id('cost'),
    ],
    [
      t('portfolio.fx.value'),
      t('portfolio.fx.costValue', {
        0: moneyText(h.valueUsd, 'USD', lang),
        1: moneyText(h.valueEur, 'EUR', lang),
        2: rate(h.eurUsdNow),
      }),
      id('value'),
    ],
    [
      t('portfolio.fx.instrument'),
      signed(h.instrumentEur, 'EUR', lang),
      id('instrument'),
      toneClass(profitTone(h.instrumentEur)),
    ],
    [
      t('portfolio.fx.currency'),
      signed(h.currencyEur, 'EUR', lang),
      id('currency'),
      toneClass(profitTone(h.currencyEur)),
    ],
    [t('portfolio.fx.total'), signed(h.pnlEur, 'EUR', lang), id('total'), toneClass(profitTone(h.pnlEur))],
  ];
  return (
    <Card title={t('portfolio.fx.title', { 0: h.symbol })} testId={`fx-split-${h.symbol}`}>
      <FigureList figures={figures} />
    </Card>
  );
}

/**
 * The results page's dollar shares (issue 19 item 6): each one's P&L in euros split into the share's move and
 * the dollar's move against the euro, from the cost at each purchase's EUR/USD (decision 059).
 */
export function FxSplitCards() {
  const { t } = useTranslation();
  const split = useApiQuery(portfolioFxSplit, {}, { staleTime: 0 });
  if (!split.data) return split.isError ? null : <Skeleton.Paragraph lineCount={4} animated />;
  if (split.data.list.length === 0) return null;
  return (
    <div data-testid="fx-split">
      {split.data.list.map((h) => (
        <FxSplitCard key={h.symbol} h={h} />
      ))}
      <p className={styles.note}>{t('portfolio.fx.note')}</p>
    </div>
  );
}
