import type { FundingState } from '@piazza/contract/enums';
import type { ListOf } from '@piazza/contract/wire';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { MessageKey } from '../../i18n/en-US';
import { currentLanguage } from '../../i18n/i18n';
import { formatLedgerAmount, formatTime } from '../../shared/format';
import { usePageParams } from '../../shared/page-params';
import { Pager } from '../../shared/pager';
import { asFundingState, FundingStateBadge, FundingStateSelect } from './funding-state';

/** What the deposit and the withdrawal rows have in common, enough for a queue. */
export interface QueueRow {
  id: number;
  orderNo: string;
  userId: number;
  displayId: string;
  account: string;
  amount: string;
  asset: string;
  state: FundingState;
  createdAt: number;
  updatedAt: number;
}

export interface QueueParams {
  page: number;
  size: number;
  state?: FundingState;
  userId?: number;
}

interface FundingQueueProps<R extends QueueRow> {
  /** 'deposit' or 'withdrawal': names the query, the texts ('{kind}s.title') and the test ids. */
  kind: 'deposit' | 'withdrawal';
  load(params: QueueParams): Promise<ListOf<R>>;
  /** The second line under the order number: channel or method. */
  via(row: R): string;
  detail(row: R, onChange: (row: R) => void): ReactNode;
}

const size = 20;
/** The queue is worked by several operators at once: what another one handled leaves the list soon. */
const refreshMs = 15_000;

/**
 * A finance queue: the waiting requests first (the server's default), filters in the address, the list on the
 * left and the open request beside it, so an operator works down the list without losing their place.
 */
export function FundingQueue<R extends QueueRow>({ kind, load, via, detail }: FundingQueueProps<R>) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const plural = `${kind}s` as const;
  const { page, values, update } = usePageParams(['state', 'userId'] as const);
  const [userId, setUserId] = useState(values.userId);
  useEffect(() => setUserId(values.userId), [values.userId]);
  const [selected, setSelected] = useState<R | null>(null);
  const params: QueueParams = {
    page,
    size,
    state: asFundingState(values.state),
    userId: Number(values.userId) > 0 ? Number(values.userId) : undefined,
  };
  const rows = useQuery({
    queryKey: [plural, params],
    queryFn: () => load(params),
    refetchInterval: refreshMs,
  });
  // The open request follows the list while it is there, so a change by another operator shows; the newer of
  // the two wins, so the answer to our own action is not undone by a list fetched before it.
  const fresh = rows.data?.list.find((r) => r.id === selected?.id);
  const current = fresh && (!selected || fresh.updatedAt >= selected.updatedAt) ? fresh : selected;
  const filter = (e: FormEvent) => {
    e.preventDefault();
    update({ userId: userId.trim() });
  };
  const text = (key: string) => t(`${plural}.${key}` as MessageKey);

  return (
    <section aria-labelledby={`${plural}-title`}>
      <h1 id={`${plural}-title`}>{text('title')}</h1>
      <p className="muted">{text('hint')}</p>
      <search>
        <form className="toolbar" onSubmit={filter}>
          <FundingStateSelect
            value={values.state}
            onChange={(state) => update({ state })}
            testId={`${plural}-state`}
          />
          <label>
            <span>{t('funding.userId')}</span>
            <input
              inputMode="numeric"
              value={userId}
              onChange={(e) => setUserId(e.target.value)}
              data-testid={`${plural}-user`}
            />
          </label>
          <button type="submit" data-testid={`${plural}-filter`}>
            {t('common.search')}
          </button>
        </form>
      </search>
      <div className="queue">
        <div>
          {rows.isPending && <p className="muted">{t('common.loading')}</p>}
          {rows.data && rows.data.list.length === 0 && (
            <p className="muted" data-testid={`${plural}-empty`}>
              {t('common.empty')}
            </p>
          )}
          {rows.data && rows.data.list.length > 0 && (
            <>
              <table data-testid={`${plural}-table`}>
                <thead>
                  <tr>
                    <th scope="col">{t('funding.order')}</th>
                    <th scope="col">{t('funding.investor')}</th>
                    <th scope="col" className="num">
                      {t('funding.amount')}
                    </th>
                    <th scope="col">{t('funding.state')}</th>
                    <th scope="col">{t('funding.created')}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.data.list.map((r) => (
                    <tr
                      key={r.id}
                      className={`pick${r.id === current?.id ? ' picked' : ''}`}
                      aria-current={r.id === current?.id ? 'true' : undefined}
                      onClick={() => setSelected(r)}
                      data-testid={`${kind}-row-${r.id}`}
                    >
                      <td>
                        {/* The row opens on a click anywhere; this button is its keyboard and screen-reader way in. */}
                        <button
                          type="button"
                          className="link"
                          onClick={(e) => {
                            e.stopPropagation();
                            setSelected(r);
                          }}
                          data-testid={`${kind}-open-${r.id}`}
                        >
                          {r.orderNo}
                        </button>
                        <small className="muted">{via(r)}</small>
                      </td>
                      <td>
                        <Link to={`/users/${r.userId}`} onClick={(e) => e.stopPropagation()}>
                          {r.displayId}
                        </Link>
                        <div>
                          <small className="muted">{r.account}</small>
                        </div>
                      </td>
                      <td className="num nowrap">
                        {formatLedgerAmount(r.amount, lang)} {r.asset}
                      </td>
                      <td>
                        <FundingStateBadge state={r.state} />
                      </td>
                      <td>{formatTime(r.createdAt, t('common.never'))}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <Pager page={page} size={size} total={rows.data.total} onPage={(p) => update({ page: p })} />
            </>
          )}
        </div>
        <aside aria-label={text('detail')}>
          {current ? detail(current, setSelected) : <p className="card muted">{text('pick')}</p>}
        </aside>
      </div>
    </section>
  );
}
