import type { OfferingView } from '@piazza/contract/calls/primary-shapes';
import { useTranslation } from 'react-i18next';
import { Card } from '../../shared/ui/card';
import listing from '../../shared/ui/listing.module.css';
import styles from './offerings.module.css';

interface Line {
  subscriptionId: number;
  investor: string;
  lotsApplied: number;
  lotsProRata: number;
  drawPosition: number | null;
  lotsAllotted: number;
}

/**
 * "How the allotment was made" (issue 12 item 3): the seed's SHA-256 published before the window closed, the
 * seed revealed at the allotment, and every line by display id, the reader's own marked, with the rule in a
 * sentence so anyone can recompute it (`npm run allotment:verify`).
 */
export function AllotmentSection({ offering, lines }: { offering: OfferingView; lines: readonly Line[] }) {
  const { t } = useTranslation();
  const a = offering.allotment;
  const mine = offering.mine?.id;
  if (offering.kind === 'offline') {
    return (
      <Card title={t('offerings.allotment')} testId="allotment-section">
        <p className={listing.note}>{t('offerings.allotmentByHand')}</p>
      </Card>
    );
  }
  return (
    <Card title={t('offerings.allotment')} testId="allotment-section">
      <p className={listing.note}>{t('offerings.allotmentRule')}</p>
      <p className={styles.section}>{t('offerings.commitment')}</p>
      <p className={styles.digest} data-testid="allotment-commitment">
        {a.seedCommitment}
      </p>
      <p className={styles.section}>{t('offerings.seed')}</p>
      <p className={a.seed ? styles.digest : listing.note} data-testid="allotment-seed">
        {a.seed ?? t('offerings.seedSecret')}
      </p>
      <p className={listing.note} data-testid="allotment-figures">
        {t('offerings.demand', { 0: a.lotsApplied, 1: a.lotsOffered, 2: a.applications })}
        {a.lotsAllotted !== null &&
          ` ${t(a.oversubscribed ? 'offerings.oversubscribed' : 'offerings.undersubscribed', { 0: a.lotsAllotted })}`}
      </p>
      {lines.length > 0 && (
        <div className={styles.scroll}>
          <table className={styles.table} data-testid="allotment-lines">
            <thead>
              <tr>
                <th scope="col">{t('offerings.line.investor')}</th>
                <th scope="col">{t('offerings.line.applied')}</th>
                <th scope="col">{t('offerings.line.proRata')}</th>
                <th scope="col">{t('offerings.line.draw')}</th>
                <th scope="col">{t('offerings.line.allotted')}</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((l) => (
                <tr
                  key={l.subscriptionId}
                  className={l.subscriptionId === mine ? styles.own : undefined}
                  data-testid={l.subscriptionId === mine ? 'allotment-own-line' : undefined}
                >
                  <td>{l.investor}</td>
                  <td>{l.lotsApplied}</td>
                  <td>{l.lotsProRata}</td>
                  <td>{l.drawPosition ?? '—'}</td>
                  <td>{l.lotsAllotted}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className={listing.note}>{t('offerings.verify', { 0: offering.id })}</p>
    </Card>
  );
}
