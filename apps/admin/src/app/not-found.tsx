import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <section>
      <h1>{t('notFound.title')}</h1>
      <Link to="/users">{t('notFound.back')}</Link>
    </section>
  );
}
