import { adminRobotInfo, adminRobotSave, adminRobotStatus } from '@piazza/contract/calls/robot-admin';
import type { Language } from '@piazza/contract/wire';
import { formatDate, formatDateTime } from '@piazza/core/format-date';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { can } from '../../shared/can';
import { formatDay, formatLedgerAmount } from '../../shared/format';
import { showNotice } from '../../shared/notices';
import { request } from '../../shared/request';
import { useMe } from '../../shared/use-me';
import { draftOf } from './robot-draft';
import { RobotForm } from './robot-form';
import { percent, signedPercent } from './robot-percent';
import styles from './robots.module.css';

/**
 * One AI product: its terms, pause and resume, the edit form, and its book as the server measured it — cash
 * and holdings, the NAV of each close (newest first) and every subscription with its investor.
 */
export default function RobotScreen() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const id = Number(useParams().id);
  const role = useMe().data?.operator.role;
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const info = useQuery({ queryKey: ['robot', id], queryFn: () => request(adminRobotInfo, { id }) });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['robot', id] });
    void queryClient.invalidateQueries({ queryKey: ['robots'] });
  };
  const status = useMutation({
    mutationFn: (to: 'active' | 'paused') => request(adminRobotStatus, { id, status: to }),
    onSuccess: (r) => {
      showNotice(
        'success',
        t(r.status === 'paused' ? 'robotsAdmin.pausedDone' : 'robotsAdmin.resumedDone', { name: r.name }),
      );
      refresh();
    },
  });

  if (info.isPending) return <p className="muted">{t('common.loading')}</p>;
  if (!info.data) return <p className="muted">{t('common.empty')}</p>;
  const { robot: r, cash, holdings, orders } = info.data;
  // Days are YYYY-MM-DD, so the text order is the calendar's.
  const navs = [...info.data.navs].sort((a, b) => b.day.localeCompare(a.day));
  const none = t('common.none');
  const money = (amount: string) => `${formatLedgerAmount(amount, lang)} ${r.currency}`;
  const terms: [string, string][] = [
    [t('robotsAdmin.strategy'), t(`robotsAdmin.strategy.${r.strategy}`)],
    [t('robotsAdmin.basket'), r.basket.join(', ')],
    [t('robotsAdmin.level'), String(r.level)],
    [t('robotsAdmin.currency'), r.currency],
    [t('robotsAdmin.periodDays'), String(r.periodDays)],
    [t('robotsAdmin.lockDays'), String(r.lockDays)],
    [t('robotsAdmin.earlyExit'), r.earlyExit ? t('robotsAdmin.yes') : t('robotsAdmin.no')],
    [t('robotsAdmin.minAmount'), money(r.minAmount)],
    [t('robotsAdmin.maxAmount'), money(r.maxAmount)],
    [t('robotsAdmin.managementFee'), t('robotsAdmin.perYear', { percent: percent(r.managementFee, lang) })],
    [t('robotsAdmin.launchedAt'), formatDate(r.launchedAt)],
    [t('robotsAdmin.riskClass'), t('robotsAdmin.riskOf', { risk: r.riskClass })],
    [t('robotsAdmin.nav'), formatLedgerAmount(r.nav, lang)],
    [t('robotsAdmin.navAt'), r.navAt === null ? none : formatDateTime(r.navAt)],
    [t('robotsAdmin.bookValue'), money(r.bookValue)],
    [t('robotsAdmin.subscribers'), String(r.subscribers)],
    [t('robotsAdmin.liveReturn'), signedPercent(r.liveReturn, lang, none)],
  ];

  return (
    <section aria-labelledby="robot-title">
      <p>
        <Link to="/robots">← {t('robotsAdmin.back')}</Link>
      </p>
      <h1 id="robot-title">{r.name}</h1>
      <p>
        <strong data-testid="robot-status">{t(`robotsAdmin.status.${r.status}`)}</strong>
      </p>
      {editing ? (
        <RobotForm
          initial={draftOf(r)}
          id={r.id}
          onSaved={() => {
            setEditing(false);
            refresh();
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <dl className={styles.terms}>
          {terms.map(([label, value]) => (
            <div key={label}>
              <dt className="muted">{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {!editing && (
        <div className={styles.controls}>
          {can(role, adminRobotStatus) &&
            (r.status === 'active' ? (
              <button
                type="button"
                onClick={() => status.mutate('paused')}
                disabled={status.isPending}
                data-testid="robot-pause"
              >
                {t('robotsAdmin.pause')}
              </button>
            ) : (
              <button
                type="button"
                onClick={() => status.mutate('active')}
                disabled={status.isPending}
                data-testid="robot-resume"
              >
                {t('robotsAdmin.resume')}
              </button>
            ))}
          {can(role, adminRobotSave) && (
            <button
              type="button"
              className="secondary"
              onClick={() => setEditing(true)}
              data-testid="robot-edit"
            >
              {t('robotsAdmin.edit')}
            </button>
          )}
        </div>
      )}

      <h2>{t('robotsAdmin.book')}</h2>
      <dl className={styles.terms}>
        <div>
          <dt className="muted">{t('robotsAdmin.cash')}</dt>
          <dd data-testid="robot-cash">{money(cash)}</dd>
        </div>
      </dl>
      <h3>{t('robotsAdmin.holdings')}</h3>
      {holdings.length === 0 ? (
        <p className="muted">{t('common.empty')}</p>
      ) : (
        <div className={styles.scroll}>
          <table data-testid="robot-holdings">
            <thead>
              <tr>
                <th scope="col">{t('robotsAdmin.symbol')}</th>
                <th scope="col">{t('robotsAdmin.security')}</th>
                <th scope="col">{t('robotsAdmin.targetWeight')}</th>
                <th scope="col">{t('robotsAdmin.quantity')}</th>
                <th scope="col">{t('robotsAdmin.lastPrice')}</th>
                <th scope="col">{t('robotsAdmin.value')}</th>
              </tr>
            </thead>
            <tbody>
              {holdings.map((h) => (
                <tr key={h.symbol}>
                  <td>{h.symbol}</td>
                  <td>{h.name}</td>
                  <td className={styles.figures}>{percent(h.targetWeight, lang)}</td>
                  <td className={styles.figures}>{formatLedgerAmount(h.quantity, lang)}</td>
                  <td className={styles.figures}>{money(h.lastPrice)}</td>
                  <td className={styles.figures}>{money(h.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h2>{t('robotsAdmin.navHistory')}</h2>
      {navs.length === 0 ? (
        <p className="muted">{t('common.empty')}</p>
      ) : (
        <div className={styles.scroll}>
          <table data-testid="robot-navs">
            <thead>
              <tr>
                <th scope="col">{t('robotsAdmin.day')}</th>
                <th scope="col">{t('robotsAdmin.nav')}</th>
                <th scope="col">{t('robotsAdmin.value')}</th>
                <th scope="col">{t('robotsAdmin.units')}</th>
                <th scope="col">{t('robotsAdmin.fee')}</th>
              </tr>
            </thead>
            <tbody>
              {navs.map((n) => (
                <tr key={n.day}>
                  <td className="nowrap">{formatDay(n.day)}</td>
                  <td className={styles.figures}>{formatLedgerAmount(n.nav, lang)}</td>
                  <td className={styles.figures}>{money(n.value)}</td>
                  <td className={styles.figures}>{formatLedgerAmount(n.units, lang)}</td>
                  <td className={styles.figures}>{money(n.fee)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h2>{t('robotsAdmin.subscriptions')}</h2>
      {orders.length === 0 ? (
        <p className="muted">{t('common.empty')}</p>
      ) : (
        <div className={styles.scroll}>
          <table data-testid="robot-orders">
            <thead>
              <tr>
                <th scope="col">{t('robotsAdmin.investor')}</th>
                <th scope="col">{t('robotsAdmin.state')}</th>
                <th scope="col">{t('robotsAdmin.invested')}</th>
                <th scope="col">{t('robotsAdmin.units')}</th>
                <th scope="col">{t('robotsAdmin.value')}</th>
                <th scope="col">{t('robotsAdmin.endsAt')}</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((o) => (
                <tr key={o.id} data-testid={`robot-order-${o.id}`}>
                  <td>{o.investor}</td>
                  <td>{t(`robotsAdmin.order.${o.state}`)}</td>
                  <td className={styles.figures}>{money(o.invested)}</td>
                  <td className={styles.figures}>{formatLedgerAmount(o.units, lang)}</td>
                  <td className={styles.figures}>{money(o.value)}</td>
                  <td className="nowrap">{formatDate(o.endsAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
