import { adminNoticeSave, adminNotices, adminNoticeWithdraw } from '@piazza/contract/calls/notices';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '../../shared/can';
import { formatTime } from '../../shared/format';
import { showNotice } from '../../shared/notices';
import { usePageParams } from '../../shared/page-params';
import { Pager } from '../../shared/pager';
import { RefusalLine } from '../../shared/refusal-line';
import { request } from '../../shared/request';
import { useMe } from '../../shared/use-me';
import { type Notice, NoticeForm } from './notice-form';
import styles from './notices.module.css';

const size = 20;
const noticesKey = ['notices'];
type Source = 'operator' | 'event';

/**
 * Notices (issue 15, decision 037): what operators tell investors, for everyone or one investor, in both
 * languages, between a publish time and an optional expiry; and, for reading only, what the platform told
 * investors of their own events. Support and compliance write and withdraw.
 */
export default function NoticesScreen() {
  const { t } = useTranslation();
  const role = useMe().data?.operator.role;
  const queryClient = useQueryClient();
  const { page, update } = usePageParams([] as const);
  const [source, setSource] = useState<Source>('operator');
  const notices = useQuery({
    queryKey: [...noticesKey, source, page],
    queryFn: () => request(adminNotices, { page, size, source }),
  });
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: noticesKey });
  const withdraw = useMutation({
    mutationFn: (n: Notice) => request(adminNoticeWithdraw, { id: n.id }),
    onSuccess: (n) => {
      showNotice('success', t('noticesAdmin.withdrawnDone', { title: n.titleIt }));
      refresh();
    },
  });
  const writable = can(role, adminNoticeSave) && source === 'operator';
  const list = notices.data?.list ?? [];

  return (
    <section aria-labelledby="notices-title">
      <h1 id="notices-title">{t('noticesAdmin.title')}</h1>
      <p className="muted">{t('noticesAdmin.hint')}</p>
      <div className="row">
        <label>
          <span>{t('noticesAdmin.source')} </span>
          <select
            value={source}
            onChange={(e) => {
              setSource(e.target.value as Source);
              setEditing(null);
              update({ page: 1 });
            }}
            data-testid="notice-source"
          >
            <option value="operator">{t('noticesAdmin.source.operator')}</option>
            <option value="event">{t('noticesAdmin.source.event')}</option>
          </select>
        </label>
        {writable && editing === null && (
          <button type="button" onClick={() => setEditing('new')} data-testid="notice-new">
            {t('noticesAdmin.new')}
          </button>
        )}
      </div>
      {editing !== null && (
        <NoticeForm
          key={editing}
          notice={list.find((n) => n.id === editing)}
          nowMs={Date.now()}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
          onCancel={() => setEditing(null)}
        />
      )}
      <RefusalLine error={withdraw.error} testId="notice-withdraw-refusal" alert className={styles.refusal} />
      {notices.isPending && <p className="muted">{t('common.loading')}</p>}
      {notices.data && list.length === 0 && (
        <p className="muted" data-testid="notices-empty">
          {t('noticesAdmin.none')}
        </p>
      )}
      {list.length > 0 && (
        <>
          <ul className={styles.list} data-testid="notices-list">
            {list.map((n) => (
              <li key={n.id} className="card" data-testid={`notice-${n.id}`}>
                <h3>
                  {n.titleIt} · {n.titleEn}
                </h3>
                <p className="muted" data-testid={`notice-meta-${n.id}`}>
                  {t('noticesAdmin.meta', {
                    state: t(`noticesAdmin.state.${n.state}`),
                    audience: n.investor ?? t('noticesAdmin.everyone'),
                    from: formatTime(n.publishAt, t('common.never')),
                    to: formatTime(n.expireAt, t('noticesAdmin.noExpiry')),
                    reads: n.reads,
                  })}
                  {n.dialog ? ` · ${t('noticesAdmin.dialogShort')}` : ''}
                </p>
                <p className={styles.body}>{n.bodyIt}</p>
                <p className={styles.body}>{n.bodyEn}</p>
                {writable && n.state !== 'withdrawn' && (
                  <div className="row">
                    <button
                      type="button"
                      className="secondary"
                      disabled={editing !== null}
                      onClick={() => setEditing(n.id)}
                      data-testid={`notice-edit-${n.id}`}
                    >
                      {t('noticesAdmin.edit')}
                    </button>
                    {can(role, adminNoticeWithdraw) && (
                      <button
                        type="button"
                        className="danger"
                        disabled={withdraw.isPending}
                        onClick={() => withdraw.mutate(n)}
                        data-testid={`notice-withdraw-${n.id}`}
                      >
                        {t('noticesAdmin.withdraw')}
                      </button>
                    )}
                  </div>
                )}
              </li>
            ))}
          </ul>
          <Pager
            page={page}
            size={size}
            total={notices.data?.total ?? 0}
            onPage={(p) => update({ page: p })}
          />
        </>
      )}
    </section>
  );
}
