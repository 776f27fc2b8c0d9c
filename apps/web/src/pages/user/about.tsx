import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ContentText } from '../../features/content/content-text';
import { appVersion, appVersionCode } from '../../shared/app-version';
import { paths } from '../../shared/navigation/paths';
import { Card } from '../../shared/ui/card';
import { Page } from '../../shared/ui/page';
import styles from './user.module.css';

/** About: the operator's text, the app version and the legal texts. */
export default function About() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Page title={t('about.title')}>
      <div className={styles.brand}>
        <img src="/icon.svg" alt="" width={64} height={64} />
        <strong>{t('app.name')}</strong>
        <span data-testid="about-version">{t('about.version', { 0: appVersion, 1: appVersionCode })}</span>
      </div>
      <Card>
        <ContentText contentKey="about" />
      </Card>
      <List className={styles.list}>
        <List.Item onClick={() => navigate(paths.companyIntroduction)}>
          {t('about.companyIntroduction')}
        </List.Item>
        <List.Item onClick={() => navigate(paths.privacyPolicy)}>{t('about.privacyPolicy')}</List.Item>
        <List.Item onClick={() => navigate(paths.disclaimer)}>{t('about.disclaimer')}</List.Item>
        <List.Item onClick={() => navigate(paths.accessibility)}>{t('about.accessibility')}</List.Item>
      </List>
    </Page>
  );
}
