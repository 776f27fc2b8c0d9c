import { indexRegulatory } from '@piazza/contract/calls/regulatory';
import { formatDate } from '@piazza/core/format-date';
import { List, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useApiQuery } from '../../shared/api/use-api-query';
import { paths } from '../../shared/navigation/paths';
import { Card } from '../../shared/ui/card';
import { LoadFailed } from '../../shared/ui/load-failed';
import styles from './regulatory.module.css';

/**
 * What the operator configured of its regulatory identity, in the reader's language; until it has, a plain
 * statement that nothing is claimed. The operator's other pages (who we are, privacy, disclaimer) below.
 */
export function RegulatoryInfo() {
  const { t } = useTranslation();
  const info = useApiQuery(indexRegulatory, {});
  if (info.isPending) return <Skeleton.Paragraph lineCount={6} animated />;
  if (info.isError) return <LoadFailed onRetry={() => void info.refetch()} />;
  const r = info.data;
  return (
    <>
      {r.configured ? (
        <Card testId="regulatory-info">
          <dl className={styles.facts}>
            <dt>{t('regulatory.legalName')}</dt>
            <dd data-testid="regulatory-legal-name">{r.legalName}</dd>
            <dt>{t('regulatory.registrationNumber')}</dt>
            <dd data-testid="regulatory-registration">{r.registrationNumber}</dd>
            <dt>{t('regulatory.regulator')}</dt>
            <dd data-testid="regulatory-regulator">{r.regulator}</dd>
            <dt>{t('regulatory.authorisationNumber')}</dt>
            <dd data-testid="regulatory-authorisation">{r.authorisationNumber}</dd>
          </dl>
          {r.links.length > 0 && (
            <>
              <h2 className={styles.heading}>{t('regulatory.links')}</h2>
              <ul className={styles.links}>
                {r.links.map((l) => (
                  <li key={l.url}>
                    <a href={l.url} target="_blank" rel="noopener noreferrer" data-testid="regulatory-link">
                      {l.label}
                    </a>
                  </li>
                ))}
              </ul>
            </>
          )}
          {r.updatedAt !== null && (
            <p className={styles.updated}>{t('regulatory.updated', { 0: formatDate(r.updatedAt) })}</p>
          )}
        </Card>
      ) : (
        <Card testId="regulatory-none">
          <p className={styles.none}>{t('regulatory.notConfigured')}</p>
        </Card>
      )}
      <OperatorPages />
    </>
  );
}

function OperatorPages() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <List header={t('regulatory.more')} className={styles.more}>
      <List.Item onClick={() => navigate(paths.companyIntroduction)}>
        {t('regulatory.companyIntroduction')}
      </List.Item>
      <List.Item onClick={() => navigate(paths.privacyPolicy)}>{t('regulatory.privacyPolicy')}</List.Item>
      <List.Item onClick={() => navigate(paths.disclaimer)}>{t('regulatory.disclaimer')}</List.Item>
    </List>
  );
}
