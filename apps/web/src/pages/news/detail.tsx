import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { NewsArticle } from '../../features/news/news-article';
import { Page } from '../../shared/ui/page';

/** One article (`?id=3`); its related symbols lead to their K-line. */
export default function NewsDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? '');
  return (
    <Page title={t('news.title')}>
      <NewsArticle id={Number.isSafeInteger(id) ? id : 0} />
    </Page>
  );
}
