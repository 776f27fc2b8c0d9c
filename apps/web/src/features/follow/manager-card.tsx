import type { ManagerView } from '@piazza/contract/calls/fund-shapes';
import { formatDate } from '@piazza/core/format-date';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fractionPercent, profitTone } from '../../shared/figures/figure-text';
import { toneClass } from '../../shared/figures/tone-class';
import { usePersisted } from '../../shared/storage/persisted';
import { Card } from '../../shared/ui/card';
import listing from '../../shared/ui/listing.module.css';
import styles from './follow.module.css';
import { LikeToggle } from './like-button';
import { ManagerAvatar } from './manager-avatar';

/** The manager's track record: their oldest fund's return since its launch, measured from its closes. */
export function TrackRecord({ manager: m }: { manager: ManagerView }) {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  if (m.trackReturn === null || m.trackFrom === null) {
    return <span className={styles.byline}>{t('follow.noTrackRecord')}</span>;
  }
  return (
    <span className={styles.byline} data-testid={`manager-track-${m.id}`}>
      {t('follow.trackRecord')}{' '}
      <span className={toneClass(profitTone(m.trackReturn))}>
        {fractionPercent(m.trackReturn, lang, { signed: true })}
      </span>{' '}
      {t('follow.trackFrom', { 0: formatDate(m.trackFrom) })}
    </span>
  );
}

/**
 * A fund manager: photo or initials, name, how many funds they run and since when, their track record, their
 * biography, and their likes with the toggle; `children` adds what the page needs below (their funds).
 */
export function ManagerCard({ manager: m, children }: { manager: ManagerView; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card testId={`manager-${m.id}`}>
      <div className={styles.who}>
        <ManagerAvatar name={m.name} photoUrl={m.photoUrl} large />
        <div className={styles.whoText}>
          <h2 className={listing.name}>{m.name}</h2>
          <span className={styles.byline}>
            {m.since === null
              ? t('follow.managerFunds', { 0: m.funds })
              : t('follow.managerFundsSince', { 0: m.funds, 1: formatDate(m.since) })}
          </span>
          <TrackRecord manager={m} />
        </div>
      </div>
      {m.bio !== '' && <p className={styles.bio}>{m.bio}</p>}
      <LikeToggle manager={m} />
      {children}
    </Card>
  );
}
