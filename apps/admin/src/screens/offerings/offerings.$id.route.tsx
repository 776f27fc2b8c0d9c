import {
  adminOfferingAllotClose,
  adminOfferingAllotOne,
  adminOfferingCancel,
  adminOfferingInfo,
  adminOfferingPublish,
} from '@piazza/contract/calls/primary-admin';
import type { Language } from '@piazza/contract/wire';
import { formatDate, formatDateTime } from '@piazza/core/format-date';
import { readTypedInteger } from '@piazza/core/typed-number';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { can } from '../../shared/can';
import { DataTable } from '../../shared/data-table';
import { formatLedgerAmount } from '../../shared/format';
import { showNotice } from '../../shared/notices';
import { request } from '../../shared/request';
import { type Term, TermsList } from '../../shared/terms-list';
import { useMe } from '../../shared/use-me';
import { draftOf } from './offering-draft';
import { OfferingForm } from './offering-form';
import styles from './offerings.module.css';

/**
 * One offering: its terms and commitment, publish (a draft), edit (a draft), cancel with a reason, the
 * subscriptions, the hand allotment of an offline placement, and the allotment lines once allotted.
 */
export default function OfferingScreen() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const id = Number(useParams().id);
  const role = useMe().data?.operator.role;
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [reason, setReason] = useState<string | null>(null);
  const [lots, setLots] = useState<Record<number, string>>({});
  const info = useQuery({ queryKey: ['offering', id], queryFn: () => request(adminOfferingInfo, { id }) });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['offering', id] });
    void queryClient.invalidateQueries({ queryKey: ['offerings'] });
  };
  const publish = useMutation({
    mutationFn: () => request(adminOfferingPublish, { id }),
    onSuccess: () => {
      showNotice('success', t('offeringsAdmin.published'));
      refresh();
    },
  });
  const cancel = useMutation({
    mutationFn: (why: string) => request(adminOfferingCancel, { id, reason: why }),
    onSuccess: () => {
      showNotice('success', t('offeringsAdmin.cancelled'));
      setReason(null);
      refresh();
    },
  });
  const allotOne = useMutation({
    mutationFn: (p: { id: number; lots: string }) =>
      request(adminOfferingAllotOne, { id: p.id, lots: readTypedInteger(p.lots, lang) ?? p.lots } as never),
    onSuccess: (s) => {
      showNotice(
        'success',
        t('offeringsAdmin.allottedOne', { investor: s.investor, lots: s.lotsAllotted ?? 0 }),
      );
      refresh();
    },
  });
  const allotClose = useMutation({
    mutationFn: () => request(adminOfferingAllotClose, { id }),
    onSuccess: () => {
      showNotice('success', t('offeringsAdmin.allotClosed'));
      refresh();
    },
  });

  if (info.isPending) return <p className="muted">{t('common.loading')}</p>;
  if (!info.data) return <p className="muted">{t('common.empty')}</p>;
  const { offering: o, subscriptions, lines } = info.data;
  const money = (amount: string) => `${formatLedgerAmount(amount, lang)} ${o.currency}`;
  const handAllotment = o.kind === 'offline' && o.state === 'closed' && can(role, adminOfferingAllotOne);
  const terms: Term[] = [
    [t('offeringsAdmin.kind'), t(`offeringsAdmin.kind.${o.kind}`)],
    [t('offeringsAdmin.market'), o.market],
    [t('offeringsAdmin.isin'), o.isin ?? '—'],
    [t('offeringsAdmin.issuePrice', { currency: o.currency }), money(o.issuePrice)],
    [t('offeringsAdmin.offerPrice'), money(o.offerPrice)],
    [t('offeringsAdmin.lotSize'), o.lotSize],
    [t('offeringsAdmin.lotsRange'), `${o.minLots} – ${o.maxLots}`],
    [t('offeringsAdmin.lotsOffered'), String(o.lotsOffered)],
    [t('offeringsAdmin.demand'), `${o.allotment.lotsApplied} (${o.allotment.applications})`],
    [t('offeringsAdmin.opensAt'), formatDateTime(o.opensAt)],
    [t('offeringsAdmin.closesAt'), formatDateTime(o.closesAt)],
    [t('offeringsAdmin.allotsAt'), formatDateTime(o.allotsAt)],
    [t('offeringsAdmin.payBy'), formatDateTime(o.payBy)],
    [t('offeringsAdmin.listsAt'), formatDateTime(o.listsAt)],
    [t('offeringsAdmin.vipOnly'), o.vipOnly ? t('offeringsAdmin.yes') : t('offeringsAdmin.no')],
    [t('offeringsAdmin.freezeOnApply'), o.freezeOnApply ? t('offeringsAdmin.yes') : t('offeringsAdmin.no')],
  ];

  return (
    <section aria-labelledby="offering-title">
      <p>
        <Link to="/offerings">← {t('offeringsAdmin.title')}</Link>
      </p>
      <h1 id="offering-title">
        {o.name} · {o.symbol}
      </h1>
      <p>
        <strong data-testid="offering-state">{t(`offeringsAdmin.state.${o.state}`)}</strong>
      </p>
      {editing ? (
        <OfferingForm
          initial={draftOf(o)}
          id={o.id}
          onSaved={() => {
            setEditing(false);
            refresh();
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <TermsList terms={terms} indented>
          <div className={styles.wide}>
            <dt className="muted">{t('offeringsAdmin.document')}</dt>
            <dd>
              <a href={o.documentUrl} target="_blank" rel="noopener noreferrer">
                {o.documentUrl || '—'}
              </a>
            </dd>
          </div>
          <div className={styles.wide}>
            <dt className="muted">{t('offeringsAdmin.commitment')}</dt>
            <dd className={styles.digest}>
              {o.allotment.seedCommitment || t('offeringsAdmin.notPublished')}
            </dd>
          </div>
          {o.allotment.seed && (
            <div className={styles.wide}>
              <dt className="muted">{t('offeringsAdmin.seed')}</dt>
              <dd className={styles.digest}>{o.allotment.seed}</dd>
            </div>
          )}
        </TermsList>
      )}
      <div className={styles.actions}>
        {o.state === 'draft' && can(role, adminOfferingPublish) && !editing && (
          <>
            <button
              type="button"
              onClick={() => publish.mutate()}
              disabled={publish.isPending}
              data-testid="offering-publish"
            >
              {t('offeringsAdmin.publish')}
            </button>
            <button
              type="button"
              className="secondary"
              onClick={() => setEditing(true)}
              data-testid="offering-edit"
            >
              {t('offeringsAdmin.edit')}
            </button>
          </>
        )}
        {o.state !== 'listed' &&
          o.state !== 'cancelled' &&
          can(role, adminOfferingCancel) &&
          reason === null && (
            <button
              type="button"
              className="secondary"
              onClick={() => setReason('')}
              data-testid="offering-cancel"
            >
              {t('offeringsAdmin.cancel')}
            </button>
          )}
      </div>
      {reason !== null && (
        <form
          className={styles.cancel}
          onSubmit={(e) => {
            e.preventDefault();
            cancel.mutate(reason);
          }}
        >
          <label>
            <span>{t('offeringsAdmin.reason')}</span>
            <input value={reason} onChange={(e) => setReason(e.target.value)} data-testid="offering-reason" />
          </label>
          <button type="submit" disabled={cancel.isPending} data-testid="offering-cancel-confirm">
            {t('offeringsAdmin.cancelConfirm')}
          </button>
        </form>
      )}

      <h2>{t('offeringsAdmin.subscriptions')}</h2>
      <DataTable
        rows={subscriptions}
        testId="offering-subscriptions"
        head={[
          t('offeringsAdmin.investor'),
          t('offeringsAdmin.state'),
          t('offeringsAdmin.lotsApplied'),
          t('offeringsAdmin.lotsAllotted'),
          t('offeringsAdmin.amountDue'),
          t('offeringsAdmin.frozen'),
          t('offeringsAdmin.paidAt'),
          t('offeringsAdmin.automatic'),
        ]}
        row={(s) => (
          <tr key={s.id} data-testid={`subscription-row-${s.id}`}>
            <td>{s.investor}</td>
            <td>{t(`offeringsAdmin.sub.${s.state}`)}</td>
            <td>{s.lotsApplied}</td>
            <td>
              {handAllotment && s.state === 'pending' ? (
                <form
                  className={styles.cancel}
                  onSubmit={(e) => {
                    e.preventDefault();
                    allotOne.mutate({ id: s.id, lots: lots[s.id] ?? '' });
                  }}
                >
                  <label>
                    <span className="visually-hidden">
                      {t('offeringsAdmin.lotsFor', { investor: s.investor })}
                    </span>
                    <input
                      inputMode="numeric"
                      size={4}
                      value={lots[s.id] ?? ''}
                      onChange={(e) => setLots((l) => ({ ...l, [s.id]: e.target.value }))}
                      data-testid={`allot-lots-${s.id}`}
                    />
                  </label>
                  <button type="submit" disabled={allotOne.isPending} data-testid={`allot-one-${s.id}`}>
                    {t('offeringsAdmin.allot')}
                  </button>
                </form>
              ) : (
                (s.lotsAllotted ?? '—')
              )}
            </td>
            <td>{s.amountDue === null ? '—' : money(s.amountDue)}</td>
            <td>{money(s.amountFrozen)}</td>
            <td>{s.paidAt === null ? '—' : formatDate(s.paidAt)}</td>
            <td>{s.automatic ? t('offeringsAdmin.yes') : t('offeringsAdmin.no')}</td>
          </tr>
        )}
      />
      {handAllotment && (
        <p>
          <button
            type="button"
            onClick={() => allotClose.mutate()}
            disabled={allotClose.isPending}
            data-testid="allot-close"
          >
            {t('offeringsAdmin.allotClose')}
          </button>
        </p>
      )}
      {lines.length > 0 && (
        <>
          <h2>{t('offeringsAdmin.lines')}</h2>
          <DataTable
            rows={lines}
            testId="offering-lines"
            head={[
              t('offeringsAdmin.investor'),
              t('offeringsAdmin.lotsApplied'),
              t('offeringsAdmin.proRata'),
              t('offeringsAdmin.draw'),
              t('offeringsAdmin.lotsAllotted'),
            ]}
            row={(l) => (
              <tr key={l.subscriptionId}>
                <td>{l.investor}</td>
                <td>{l.lotsApplied}</td>
                <td>{l.lotsProRata}</td>
                <td>{l.drawPosition ?? '—'}</td>
                <td>{l.lotsAllotted}</td>
              </tr>
            )}
          />
        </>
      )}
    </section>
  );
}
