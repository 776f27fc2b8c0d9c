import { adminRobotInfo, adminRobotSave, adminRobotStatus } from '@piazza/contract/calls/robot-admin';
import type { Language } from '@piazza/contract/wire';
import { formatDate, formatDateTime } from '@piazza/core/format-date';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { can } from '../../shared/can';
import { DataTable } from '../../shared/data-table';
import { formatLedgerAmount } from '../../shared/format';
import { NavHistory } from '../../shared/nav-history';
import { PauseResumeControls, usePauseResume } from '../../shared/pause-resume';
import { request } from '../../shared/request';
import { type Term, TermsList } from '../../shared/terms-list';
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
  const status = usePauseResume(
    (to) => request(adminRobotStatus, { id, status: to }),
    (saved) =>
      t(saved.status === 'paused' ? 'robotsAdmin.pausedDone' : 'robotsAdmin.resumedDone', {
        name: saved.name,
      }),
    refresh,
  );

  if (info.isPending) return <p className="muted">{t('common.loading')}</p>;
  if (!info.data) return <p className="muted">{t('common.empty')}</p>;
  const { robot: r, cash, holdings, navs, orders } = info.data;
  const none = t('common.none');
  const money = (amount: string) => `${formatLedgerAmount(amount, lang)} ${r.currency}`;
  const terms: Term[] = [
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
        <TermsList terms={terms} />
      )}
      {!editing && (
        <PauseResumeControls
          status={r.status}
          testIdPrefix="robot"
          labels={{
            pause: t('robotsAdmin.pause'),
            resume: t('robotsAdmin.resume'),
            edit: t('robotsAdmin.edit'),
          }}
          canChange={can(role, adminRobotStatus)}
          canEdit={can(role, adminRobotSave)}
          pending={status.isPending}
          onChange={(to) => status.mutate(to)}
          onEdit={() => setEditing(true)}
        />
      )}

      <h2>{t('robotsAdmin.book')}</h2>
      <TermsList terms={[[t('robotsAdmin.cash'), money(cash), 'robot-cash']]} />
      <h3>{t('robotsAdmin.holdings')}</h3>
      <DataTable
        rows={holdings}
        testId="robot-holdings"
        head={[
          t('robotsAdmin.symbol'),
          t('robotsAdmin.security'),
          t('robotsAdmin.targetWeight'),
          t('robotsAdmin.quantity'),
          t('robotsAdmin.lastPrice'),
          t('robotsAdmin.value'),
        ]}
        row={(h) => (
          <tr key={h.symbol}>
            <td>{h.symbol}</td>
            <td>{h.name}</td>
            <td className={styles.figures}>{percent(h.targetWeight, lang)}</td>
            <td className={styles.figures}>{formatLedgerAmount(h.quantity, lang)}</td>
            <td className={styles.figures}>{money(h.lastPrice)}</td>
            <td className={styles.figures}>{money(h.value)}</td>
          </tr>
        )}
      />

      <NavHistory navs={navs} texts="robotsAdmin" testId="robot-navs" money={money} />

      <h2>{t('robotsAdmin.subscriptions')}</h2>
      <DataTable
        rows={orders}
        testId="robot-orders"
        head={[
          t('robotsAdmin.investor'),
          t('robotsAdmin.state'),
          t('robotsAdmin.invested'),
          t('robotsAdmin.units'),
          t('robotsAdmin.value'),
          t('robotsAdmin.endsAt'),
        ]}
        row={(o) => (
          <tr key={o.id} data-testid={`robot-order-${o.id}`}>
            <td>{o.investor}</td>
            <td>{t(`robotsAdmin.order.${o.state}`)}</td>
            <td className={styles.figures}>{money(o.invested)}</td>
            <td className={styles.figures}>{formatLedgerAmount(o.units, lang)}</td>
            <td className={styles.figures}>{money(o.value)}</td>
            <td className="nowrap">{formatDate(o.endsAt)}</td>
          </tr>
        )}
      />
    </section>
  );
}
