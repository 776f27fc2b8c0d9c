import { adminNews, adminNewsSave, adminNewsWithdraw } from '@piazza/contract/calls/content-news-admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { can } from '../../shared/can';
import { formatTime } from '../../shared/format';
import { showNotice } from '../../shared/notices';
import { usePageParams } from '../../shared/page-params';
import { Pager } from '../../shared/pager';
import { request } from '../../shared/request';
import { useMe } from '../../shared/use-me';
import { type Article, ArticleForm } from './article-form';
import styles from './news.module.css';

const size = 20;
const key = ['admin-news'];

/**
 * Articles (issue 15 item 2): written in both languages with a cover and related symbols, published at a
 * time, withdrawn when they should no longer show. Imported articles are listed with their feed and can only
 * be withdrawn; the feeds themselves are on their own screen.
 */
export default function NewsScreen() {
  const { t } = useTranslation();
  const role = useMe().data?.operator.role;
  const queryClient = useQueryClient();
  const { page, update } = usePageParams([] as const);
  const news = useQuery({ queryKey: [...key, page], queryFn: () => request(adminNews, { page, size }) });
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: key });
  const withdraw = useMutation({
    mutationFn: (a: Article) => request(adminNewsWithdraw, { id: a.id }),
    onSuccess: () => {
      showNotice('success', t('newsAdmin.withdrawn'));
      refresh();
    },
  });
  const list = news.data?.list ?? [];
  const writable = can(role, adminNewsSave);

  return (
    <section aria-labelledby="news-title">
      <h1 id="news-title">{t('nav.news')}</h1>
      <p className="muted">
        {t('newsAdmin.hint')} <Link to="/news/sources">{t('nav.newsSources')}</Link>
      </p>
      {writable && editing === null && (
        <button type="button" onClick={() => setEditing('new')} data-testid="article-new">
          {t('newsAdmin.newArticle')}
        </button>
      )}
      {editing !== null && (
        <ArticleForm
          key={editing}
          article={list.find((a) => a.id === editing)}
          onDone={() => {
            setEditing(null);
            refresh();
          }}
        />
      )}
      {news.isPending && <p className="muted">{t('common.loading')}</p>}
      {news.data && list.length === 0 && <p className="muted">{t('common.empty')}</p>}
      {list.length > 0 && (
        <div className={styles.scroll}>
          <table data-testid="articles-table">
            <thead>
              <tr>
                <th scope="col">{t('newsAdmin.cover')}</th>
                <th scope="col">{t('newsAdmin.title')}</th>
                <th scope="col">{t('newsAdmin.publishAt')}</th>
                <th scope="col">{t('newsAdmin.state')}</th>
                <th scope="col">{t('newsAdmin.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((a) => (
                <tr key={a.id} data-testid={`article-${a.id}`}>
                  <td>{a.cover && <img className={styles.thumb} src={a.cover} alt="" />}</td>
                  <td>
                    {a.titleIt ?? a.titleEn}
                    {a.source && <div className="muted">{a.source}</div>}
                  </td>
                  <td>{formatTime(a.publishAt, t('common.never'))}</td>
                  <td>
                    {a.withdrawnAt
                      ? t('newsAdmin.stateWithdrawn')
                      : a.publishAt > Date.now()
                        ? t('newsAdmin.stateScheduled')
                        : t('newsAdmin.statePublished')}
                  </td>
                  <td className="row">
                    {writable && a.source === null && (
                      <button
                        type="button"
                        className="secondary"
                        disabled={editing !== null}
                        onClick={() => setEditing(a.id)}
                        data-testid={`article-edit-${a.id}`}
                      >
                        {t('newsAdmin.edit')}
                      </button>
                    )}
                    {writable && !a.withdrawnAt && (
                      <button
                        type="button"
                        className="danger"
                        disabled={withdraw.isPending}
                        onClick={() => withdraw.mutate(a)}
                        data-testid={`article-withdraw-${a.id}`}
                      >
                        {t('newsAdmin.withdraw')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager page={page} size={size} total={news.data?.total ?? 0} onPage={(p) => update({ page: p })} />
        </div>
      )}
    </section>
  );
}
