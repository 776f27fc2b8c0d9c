import type { SecciView } from '@piazza/contract/calls/lending-shapes';
import { useTranslation } from 'react-i18next';
import { moneyText } from '../../shared/money/money-text';
import { usePersisted } from '../../shared/storage/persisted';
import { type Figure, FigureList } from '../../shared/ticket/figure-rows';
import { calendarDateText, rateText } from './loan-figures';

/**
 * Every figure of the SECCI summary (TUB art. 124): amount and term, TAN, TAEG, interest, total cost, total to
 * repay and its date, daily interest, and the last day of the 14-day withdrawal. Test ids `{testPrefix}-…`
 * (`secci-taeg` on loan/apply).
 */
export function SecciFigures({ secci, testPrefix }: { secci: SecciView; testPrefix: string }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const money = (amount: string) => moneyText(amount, secci.currency, lang);
  const figures: Figure[] = [
    [t('lending.secci.amount'), money(secci.amount), `${testPrefix}-amount`],
    [t('lending.secci.days'), t('lending.days', { count: secci.days, 0: secci.days }), `${testPrefix}-days`],
    [t('lending.secci.tan'), rateText(secci.tan, lang), `${testPrefix}-tan`],
    [t('lending.secci.taeg'), rateText(secci.taeg, lang), `${testPrefix}-taeg`],
    [t('lending.secci.interest'), money(secci.totalInterest), `${testPrefix}-interest`],
    [t('lending.secci.cost'), money(secci.totalCost), `${testPrefix}-cost`],
    [t('lending.secci.repayable'), money(secci.totalRepayable), `${testPrefix}-repayable`],
    [t('lending.secci.daily'), money(secci.dailyInterest), `${testPrefix}-daily`],
    [t('lending.secci.repaymentDate'), calendarDateText(secci.repaymentDate), `${testPrefix}-repayment-date`],
    [
      t('lending.secci.withdrawal', { 0: secci.withdrawalDays }),
      calendarDateText(secci.withdrawalUntil),
      `${testPrefix}-withdrawal`,
    ],
  ];
  return <FigureList figures={figures} />;
}
