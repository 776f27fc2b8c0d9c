import type { ContractView } from '@piazza/contract/calls/stock-contract-shapes';
import { formatAmount, mulDiv } from '@piazza/core/money';
import type { Queryable } from '../../db/db';
import { pagedRows } from '../../kit/paging';
import { balanceOf } from '../../ledger/post';
import type { Services } from '../../services';
import { currencyScaleOf } from '../trading';
import { type AccountState, accountState, type MarkedPosition, marksOf } from './account-state';
import { type ContractRow, contractColumns, openContracts } from './contract-rows';

/** The contract account of a user in a currency, valued at the marks now. */
export async function readAccountState(
  q: Queryable,
  services: Services,
  userId: number,
  currency: string,
  nowMs: number,
): Promise<AccountState> {
  const currencyScale = await currencyScaleOf(q, currency);
  const balance = await balanceOf(q, {
    ownerType: 'user',
    ownerId: userId,
    purpose: 'contract',
    asset: currency,
  });
  const rows = await openContracts(q, userId, currency);
  const marks = await marksOf(
    services,
    rows.map((r) => r.symbol),
    nowMs,
  );
  return accountState(services, { currency, currencyScale, balance, rows, marks });
}

/** The wire view of positions: open ones valued with their account, closed ones as they closed. */
export async function contractViews(
  q: Queryable,
  services: Services,
  rows: readonly ContractRow[],
  nowMs: number,
): Promise<ContractView[]> {
  const marked = new Map<bigint, MarkedPosition>();
  const scales = new Map<string, number>();
  for (const row of rows) {
    if (!scales.has(row.currency)) scales.set(row.currency, await currencyScaleOf(q, row.currency));
  }
  const accounts = new Set(rows.filter((r) => r.state === 'open').map((r) => `${r.userId}:${r.currency}`));
  for (const key of accounts) {
    const [userId, currency] = key.split(':') as [string, string];
    const state = await readAccountState(q, services, Number(userId), currency, nowMs);
    for (const p of state.positions) marked.set(p.row.id, p);
  }
  return rows.map((row) => {
    const instrument = services.market.instrument(row.symbol);
    const priceScale = instrument?.priceScale ?? 0;
    const quantityScale = instrument?.quantityScale ?? 0;
    const currencyScale = scales.get(row.currency) ?? 2;
    const money = (v: bigint) => formatAmount(v, currencyScale);
    const price = (v: bigint | null) => (v === null ? null : formatAmount(v, priceScale));
    const average = (notional: bigint) => mulDiv(notional, 1n, row.quantity, 'halfEven');
    const live = marked.get(row.id);
    const closed = row.state === 'closed';
    return {
      id: Number(row.id),
      symbol: row.symbol,
      name: instrument?.name ?? row.symbol,
      currency: row.currency,
      side: row.side,
      leverage: row.leverage,
      state: row.state,
      quantity: formatAmount(row.quantity, quantityScale),
      entryPrice: formatAmount(average(row.entryNotional), priceScale),
      entryNotional: formatAmount(row.entryNotional, priceScale + quantityScale),
      entryValue: money(row.entryValue),
      margin: money(row.margin),
      addedMargin: money(row.addedMargin),
      openFee: money(row.openFee),
      closeFee: money(row.closeFee),
      markPrice: closed
        ? price(row.closeNotional === null ? null : average(row.closeNotional))
        : price(live?.mark ?? null),
      pnl: money(closed ? (row.pnl ?? 0n) : (live?.pnl ?? 0n)),
      takeProfit: price(row.takeProfit),
      stopLoss: price(row.stopLoss),
      closeOutPrice: closed ? null : price(live?.closeOutPrice ?? null),
      closeReason: row.closeReason,
      absorbed: money(row.absorbed),
      createdAt: row.createdAt.getTime(),
      closedAt: row.closedAt?.getTime() ?? null,
    };
  });
}

export async function contractView(
  q: Queryable,
  services: Services,
  row: ContractRow,
  nowMs: number,
): Promise<ContractView> {
  const [view] = await contractViews(q, services, [row], nowMs);
  return view as ContractView;
}

/** The user's positions of one state (or all), newest first, a page at a time. */
export async function userContracts(
  q: Queryable,
  services: Services,
  userId: number,
  opts: { state?: 'open' | 'closed' | undefined; page: number; size: number; nowMs: number },
) {
  const params: unknown[] = [userId];
  let where = 'user_id = $1';
  if (opts.state) {
    params.push(opts.state);
    where += ' and state = $2';
  }
  const { rows, total } = await pagedRows<ContractRow>(
    q,
    { columns: contractColumns, from: 'stock_contracts', where, orderBy: 'id desc', params },
    opts,
  );
  return {
    list: await contractViews(q, services, rows, opts.nowMs),
    total,
    page: opts.page,
    size: opts.size,
  };
}
