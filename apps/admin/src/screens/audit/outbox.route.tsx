import { adminOutbox } from '@piazza/contract/calls/admin';
import { codeScenes } from '@piazza/contract/enums';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../shared/format';
import { usePageParams } from '../../shared/page-params';
import { Pager } from '../../shared/pager';
import { request } from '../../shared/request';

const size = 20;
const isScene = (s: string): s is (typeof codeScenes)[number] =>
  (codeScenes as readonly string[]).includes(s);

export default function OutboxScreen() {
  const { t } = useTranslation();
  const { page, values, update } = usePageParams(['to'] as const);
  const [text, setText] = useState(values.to);
  useEffect(() => setText(values.to), [values.to]);
  const params = { page, size, to: values.to || undefined };
  const outbox = useQuery({ queryKey: ['outbox', params], queryFn: () => request(adminOutbox, params) });
  const filter = (e: FormEvent) => {
    e.preventDefault();
    update({ to: text.trim() });
  };

  return (
    <section aria-labelledby="outbox-title">
      <h1 id="outbox-title">{t('outbox.title')}</h1>
      <p className="muted">{t('outbox.hint')}</p>
      <search>
        <form className="toolbar" onSubmit={filter}>
          <label>
            <span>{t('outbox.filter')}</span>
            <input
              type="search"
              value={text}
              onChange={(e) => setText(e.target.value)}
              data-testid="outbox-filter"
            />
          </label>
          <button type="submit">{t('common.search')}</button>
        </form>
      </search>
      {outbox.isPending && <p className="muted">{t('common.loading')}</p>}
      {outbox.data && outbox.data.list.length === 0 && <p className="muted">{t('common.empty')}</p>}
      {outbox.data && outbox.data.list.length > 0 && (
        <>
          <table data-testid="outbox-table">
            <thead>
              <tr>
                <th scope="col">{t('outbox.time')}</th>
                <th scope="col">{t('outbox.to')}</th>
                <th scope="col">{t('outbox.scene')}</th>
                <th scope="col">{t('outbox.code')}</th>
              </tr>
            </thead>
            <tbody>
              {outbox.data.list.map((m) => (
                <tr key={m.id}>
                  <td>{formatTime(m.createdAt, t('common.never'))}</td>
                  <td>{m.to}</td>
                  <td>{isScene(m.scene) ? t(`scene.${m.scene}`) : m.scene}</td>
                  <td>
                    <code className="code">{m.code}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager page={page} size={size} total={outbox.data.total} onPage={(p) => update({ page: p })} />
        </>
      )}
    </section>
  );
}
