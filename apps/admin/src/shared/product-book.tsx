import type { FundOrderState } from '@piazza/contract/calls/fund-shapes';
import type { RobotOrderState } from '@piazza/contract/calls/robot-shapes';
import type { Language } from '@piazza/contract/wire';
import { formatDate } from '@piazza/core/format-date';
import { useTranslation } from 'react-i18next';
import { DataTable } from './data-table';
import figureStyles from './data-table.module.css';
import { formatLedgerAmount } from './format';
import { type ProductKind, productTexts } from './product-form';
import { type Term, TermsList } from './terms-list';

interface BookHolding {
  symbol: string;
  name: string;
  quantity: string;
  lastPrice: string;
  value: string;
}

/**
 * The head of a product's book as the server measured it: its cash (test id `{kind}-cash`) and the terms the
 * screen adds, then each security held with its quantity, last price and value. `weight`, when given, adds the
 * strategy's target weight after the security's name. Test id of the table: `{kind}-holdings`.
 */
export function BookHoldings<H extends BookHolding>({
  kind,
  cash,
  more = [],
  holdings,
  money,
  weight,
}: {
  kind: ProductKind;
  cash: string;
  more?: readonly Term[];
  holdings: readonly H[];
  money: (amount: string) => string;
  weight?: { head: string; of: (h: H) => string };
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const texts = productTexts(kind);
  const terms: Term[] = [[t(`${texts}.cash`), money(cash), `${kind}-cash`], ...more];
  const heads = [t(`${texts}.symbol`), t(`${texts}.security`)];
  if (weight) heads.push(weight.head);
  heads.push(t(`${texts}.quantity`), t(`${texts}.lastPrice`), t(`${texts}.value`));
  return (
    <>
      <h2>{t(`${texts}.book`)}</h2>
      <TermsList terms={terms} />
      <h3>{t(`${texts}.holdings`)}</h3>
      <DataTable
        rows={holdings}
        testId={`${kind}-holdings`}
        head={heads}
        row={(h) => (
          <tr key={h.symbol}>
            <td>{h.symbol}</td>
            <td>{h.name}</td>
            {weight && <td className={figureStyles.figures}>{weight.of(h)}</td>}
            <td className={figureStyles.figures}>{formatLedgerAmount(h.quantity, lang)}</td>
            <td className={figureStyles.figures}>{money(h.lastPrice)}</td>
            <td className={figureStyles.figures}>{money(h.value)}</td>
          </tr>
        )}
      />
    </>
  );
}

interface BookOrder {
  id: number;
  investor: string;
  state: FundOrderState | RobotOrderState;
  invested: string;
  units: string;
  value: string;
}

/** A fund's orders are its followers, dated from when they came in; an AI product's, subscriptions to an end. */
const orderTexts = {
  fund: { title: 'fundsAdmin.followers', date: 'fundsAdmin.since' },
  robot: { title: 'robotsAdmin.subscriptions', date: 'robotsAdmin.endsAt' },
} as const;

/**
 * Every order in a product (a fund's followers, an AI product's subscriptions) with its investor, state, what
 * they put in, their units, what those are worth and the date `dateOf` gives (a fund's start, an AI product's
 * end). Test ids: `{kind}-orders` for the table, `{kind}-order-{id}` for a row.
 */
export function BookOrders<O extends BookOrder>({
  kind,
  orders,
  money,
  dateOf,
}: {
  kind: ProductKind;
  orders: readonly O[];
  money: (amount: string) => string;
  dateOf: (o: O) => number;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const texts = productTexts(kind);
  return (
    <>
      <h2>{t(orderTexts[kind].title)}</h2>
      <DataTable
        rows={orders}
        testId={`${kind}-orders`}
        head={[
          t(`${texts}.investor`),
          t(`${texts}.state`),
          t(`${texts}.invested`),
          t(`${texts}.units`),
          t(`${texts}.value`),
          t(orderTexts[kind].date),
        ]}
        row={(o) => (
          <tr key={o.id} data-testid={`${kind}-order-${o.id}`}>
            <td>{o.investor}</td>
            <td>{t(`${texts}.order.${o.state}`)}</td>
            <td className={figureStyles.figures}>{money(o.invested)}</td>
            <td className={figureStyles.figures}>{formatLedgerAmount(o.units, lang)}</td>
            <td className={figureStyles.figures}>{money(o.value)}</td>
            <td className="nowrap">{formatDate(dateOf(o))}</td>
          </tr>
        )}
      />
    </>
  );
}
