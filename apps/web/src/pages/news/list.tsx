import { useTranslation } from 'react-i18next';
import { NewsList } from '../../features/news/news-list';
import { Page } from '../../shared/ui/page';

/** The news (SPEC §2 "Common"): the operator's articles and imported ones, newest first. */
export default function NewsListPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('news.title')}>
      <NewsList />
    </Page>
  );
}
