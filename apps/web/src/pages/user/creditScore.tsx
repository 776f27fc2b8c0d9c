import { pointChangeLog } from '@piazza/contract/calls/security';
import type { CallOutput } from '@piazza/contract/define';
import { creditBand } from '@piazza/core/credit-band';
import { formatDateTime } from '@piazza/core/format-date';
import { Button, List, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../../features/security/security.module.css';
import { useSecurityOverview } from '../../features/security/use-security-overview';
import { api } from '../../shared/api/api';
import { useApiQuery } from '../../shared/api/use-api-query';
import { RequireSession } from '../../shared/session/require-session';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Page } from '../../shared/ui/page';

type Change = CallOutput<typeof pointChangeLog>['list'][number];
const pageSize = 20;

/** The credit score with its band, and the history of its changes with the reasons given. */
export default function CreditScore() {
  const { t } = useTranslation();
  return (
    <Page title={t('score.title')}>
      <RequireSession>{() => <ScoreScreen />}</RequireSession>
    </Page>
  );
}

function ScoreScreen() {
  const { t } = useTranslation();
  const overview = useSecurityOverview();
  const first = useApiQuery(pointChangeLog, { page: 1, size: pageSize }, { staleTime: 0 });
  // Pages after the first, appended as the user asks for them.
  const [more, setMore] = useState<Change[]>([]);
  const [loadingMore, setLoadingMore] = useState(false);

  if (overview.isPending || first.isPending) return <Skeleton.Paragraph lineCount={6} animated />;
  if (overview.isError || first.isError) {
    return (
      <LoadFailed
        onRetry={() => {
          void overview.refetch();
          void first.refetch();
        }}
      />
    );
  }
  const score = overview.data.creditScore;
  const band = creditBand(score);
  const list = [...first.data.list, ...more];
  const hasMore = list.length < first.data.total;

  const loadMore = async () => {
    setLoadingMore(true);
    try {
      const next = await api(pointChangeLog, {
        page: Math.floor(list.length / pageSize) + 1,
        size: pageSize,
      });
      setMore((m) => [...m, ...next.list]);
    } catch {
      // Shown by the wrapper; the button stays.
    } finally {
      setLoadingMore(false);
    }
  };

  return (
    <>
      <div className={styles.card}>
        <div className={styles.score}>
          <span className={`${styles.scoreValue} ${styles[`band-${band}`]}`} data-testid="score-value">
            {score}
          </span>
          <span className={styles[`band-${band}`]} data-testid="score-band">
            {t(`score.band.${band}`)}
          </span>
        </div>
        <p className={styles.bands}>{t('score.bands')}</p>
      </div>
      <List
        header={t('score.history')}
        className={styles.card}
        style={{ padding: 0 }}
        data-testid="score-history"
      >
        {list.length === 0 ? (
          <List.Item>
            <span className={styles.empty}>{t('score.empty')}</span>
          </List.Item>
        ) : (
          list.map((c) => (
            <List.Item
              key={c.id}
              data-testid={`score-change-${c.id}`}
              description={formatDateTime(c.createdAt)}
              extra={
                <span className={c.change >= 0 ? styles.up : styles.down}>
                  {c.change > 0 ? `+${c.change}` : c.change}
                  <div className={styles.sessionMeta}>{t('score.change', { 0: c.before, 1: c.after })}</div>
                </span>
              }
            >
              {c.reason}
            </List.Item>
          ))
        )}
      </List>
      {hasMore && (
        <Button block fill="outline" loading={loadingMore} onClick={loadMore} data-testid="score-more">
          {t('score.more')}
        </Button>
      )}
    </>
  );
}
