import type { CurrencyStatisticsView } from '@piazza/contract/calls/trading-shapes';
import { formatNumber } from '@piazza/core/format-number';
import { useTranslation } from 'react-i18next';
import { profitTone } from '../../shared/figures/figure-text';
import { usePersisted } from '../../shared/storage/persisted';
import { FigureList } from '../../shared/ticket/figure-rows';
import { figure } from '../../shared/ticket/order-figures';
import styles from '../../shared/ticket/ticket.module.css';
import { Card } from '../../shared/ui/card';

const signClass = (text: string) => {
  const tone = profitTone(text);
  return tone === 'down' ? styles.down : tone === 'up' ? styles.up : '';
};

/** One currency's trading results, as the server computed them from the fills. */
export function IncomeCard({ line }: { line: CurrencyStatisticsView }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const money = (text: string) => `${figure(text, lang)} ${line.currency}`;
  // A result carries its sign both ways, as the home's P&L does: "+12,50 EUR", "-3,10 EUR", "0,00 EUR".
  const result = (text: string) => `${profitTone(text) === 'up' ? '+' : ''}${money(text)}`;
  const rows: [string, string, string, string][] = [
    [t('income.realised'), result(line.realisedPnl), 'income-realised', signClass(line.realisedPnl)],
    [t('income.unrealised'), result(line.unrealisedPnl), 'income-unrealised', signClass(line.unrealisedPnl)],
    [t('income.fees'), money(line.fees), 'income-fees', ''],
    [t('income.bought'), money(line.boughtValue), 'income-bought', ''],
    [t('income.sold'), money(line.soldValue), 'income-sold', ''],
    [t('income.orders'), formatNumber(line.orders, lang, 0), 'income-orders', ''],
    [t('income.fills'), formatNumber(line.fills, lang, 0), 'income-fills', ''],
    [
      t('income.winRate'),
      line.winRate === null
        ? t('income.noSells')
        : t('income.winRateValue', {
            0: formatNumber(line.winRate, lang, 2),
            1: formatNumber(line.winningSells, lang, 0),
            2: formatNumber(line.closedSells, lang, 0),
          }),
      'income-win-rate',
      '',
    ],
  ];
  return (
    <Card title={line.currency} testId={`income-${line.currency}`}>
      <FigureList figures={rows} />
    </Card>
  );
}
