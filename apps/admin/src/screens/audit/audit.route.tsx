import { adminAudit } from '@piazza/contract/calls/admin';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../i18n/en-US';
import { formatTime } from '../../shared/format';
import { usePageParams } from '../../shared/page-params';
import { Pager } from '../../shared/pager';
import { request } from '../../shared/request';
import styles from './audit.module.css';

const size = 20;
const targetTypes = [
  'user',
  'operator',
  'content',
  'deposit',
  'withdrawal',
  'deposit_channel',
  'withdraw_rule',
  'funding_setting',
  'trading_settings',
  'job',
] as const;
const actions = new Set<string>([
  'user.status',
  'user.reward',
  'operator.add',
  'operator.status',
  'operator.bootstrap',
  'content.save',
  'deposit.process',
  'deposit.approve',
  'deposit.reject',
  'withdrawal.process',
  'withdrawal.approve',
  'withdrawal.reject',
  'channel.add',
  'channel.update',
  'withdrawRule.add',
  'withdrawRule.update',
  'exchange.spread',
  'tradingSettings.save',
  'job.run',
]);

/** A before/after snapshot, one `field: value` per line; long texts are cut so the table stays readable. */
function Snapshot({ value }: { value: Record<string, unknown> | null }) {
  if (!value) return null;
  return (
    <dl className={styles.snapshot}>
      {Object.entries(value).map(([k, v]) => {
        const text = typeof v === 'string' ? v : JSON.stringify(v);
        return (
          <div key={k}>
            <dt>{k}</dt>
            <dd title={text}>{text.length > 80 ? `${text.slice(0, 80)}…` : text}</dd>
          </div>
        );
      })}
    </dl>
  );
}

export default function AuditScreen() {
  const { t } = useTranslation();
  const { page, values, update } = usePageParams(['targetType', 'targetId'] as const);
  const [targetId, setTargetId] = useState(values.targetId);
  useEffect(() => setTargetId(values.targetId), [values.targetId]);
  const params = {
    page,
    size,
    targetType: values.targetType || undefined,
    targetId: values.targetId || undefined,
  };
  const log = useQuery({ queryKey: ['audit', params], queryFn: () => request(adminAudit, params) });
  const filter = (e: FormEvent) => {
    e.preventDefault();
    update({ targetId: targetId.trim() });
  };
  const actionLabel = (a: string) => (actions.has(a) ? t(`action.${a}` as MessageKey) : a);
  const targetLabel = (type: string) =>
    (targetTypes as readonly string[]).includes(type) ? t(`target.${type}` as MessageKey) : type;

  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title">{t('audit.title')}</h1>
      <p className="muted">{t('audit.hint')}</p>
      <search>
        <form className="toolbar" onSubmit={filter}>
          <label>
            <span>{t('audit.targetType')}</span>
            <select
              value={values.targetType}
              onChange={(e) => update({ targetType: e.target.value })}
              data-testid="audit-target-type"
            >
              <option value="">{t('audit.all')}</option>
              {targetTypes.map((type) => (
                <option key={type} value={type}>
                  {t(`target.${type}`)}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span>{t('audit.targetId')}</span>
            <input
              value={targetId}
              onChange={(e) => setTargetId(e.target.value)}
              data-testid="audit-target-id"
            />
          </label>
          <button type="submit">{t('common.search')}</button>
        </form>
      </search>
      {log.isPending && <p className="muted">{t('common.loading')}</p>}
      {log.data && log.data.list.length === 0 && <p className="muted">{t('common.empty')}</p>}
      {log.data && log.data.list.length > 0 && (
        <>
          <table className="audit" data-testid="audit-table">
            <thead>
              <tr>
                <th scope="col">{t('audit.time')}</th>
                <th scope="col">{t('audit.operator')}</th>
                <th scope="col">{t('audit.action')}</th>
                <th scope="col">{t('audit.target')}</th>
                <th scope="col">{t('audit.before')}</th>
                <th scope="col">{t('audit.after')}</th>
                <th scope="col">{t('audit.reason')}</th>
              </tr>
            </thead>
            <tbody>
              {log.data.list.map((a) => (
                <tr key={a.id}>
                  <td className="nowrap">{formatTime(a.createdAt, t('common.never'))}</td>
                  <td>{a.operator ? a.operator.email : t('audit.system')}</td>
                  <td>{actionLabel(a.action)}</td>
                  <td className="nowrap">
                    {targetLabel(a.targetType)} {a.targetId}
                  </td>
                  <td>
                    <Snapshot value={a.before} />
                  </td>
                  <td>
                    <Snapshot value={a.after} />
                  </td>
                  <td>{a.reason ?? t('common.none')}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager page={page} size={size} total={log.data.total} onPage={(p) => update({ page: p })} />
        </>
      )}
    </section>
  );
}
