import { adminNews, adminNewsSave, adminNewsWithdraw } from '@piazza/contract/calls/content-news-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { can } from '../../shared/can';
import { formatTime } from '../../shared/format';
import { usePageParams } from '../../shared/page-params';
import { request } from '../../shared/request';
import { useMe } from '../../shared/use-me';
import { type Article, ArticleForm } from './article-form';
import { EditableRecords } from './editable-records';
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
  return (
    <EditableRecords<Article>
      name="news"
      title={t('nav.news')}
      hint={
        <>
          {t('newsAdmin.hint')} <Link to="/news/sources">{t('nav.newsSources')}</Link>
        </>
      }
      writable={can(role, adminNewsSave)}
      create={{ label: t('newsAdmin.newArticle'), testId: 'article-new' }}
      query={news}
      refresh={() => void queryClient.invalidateQueries({ queryKey: key })}
      form={(article, done) => <ArticleForm article={article} onDone={done} />}
      editable={(a) => a.source === null}
      editTestId={(a) => `article-edit-${a.id}`}
      withdraw={{
        run: (a) => request(adminNewsWithdraw, { id: a.id }),
        testId: (a) => `article-withdraw-${a.id}`,
      }}
      pager={{ page, size, onPage: (p) => update({ page: p }) }}
      table={{
        testId: 'articles-table',
        head: [t('newsAdmin.cover'), t('newsAdmin.title'), t('newsAdmin.publishAt'), t('newsAdmin.state')],
        rowTestId: (a) => `article-${a.id}`,
        cells: (a) => (
          <>
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
          </>
        ),
      }}
    />
  );
}
