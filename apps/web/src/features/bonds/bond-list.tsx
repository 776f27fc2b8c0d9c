import { bondList } from '@piazza/contract/calls/bonds';
import { bondKinds } from '@piazza/contract/calls/bonds-shapes';
import { Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useApiQuery } from '../../shared/api/use-api-query';
import { usePersisted } from '../../shared/storage/persisted';
import ui from '../../shared/ui/instrument-rows.module.css';
import { LoadFailed } from '../../shared/ui/load-failed';
import { bondName, shownPercent, shownPrice } from './bond-name';
import { bondPaths, bondTicketPath } from './bond-paths';
import styles from './bonds.module.css';

type Kind = (typeof bondKinds)[number];

/**
 * BTPs and BOTs on MOT, nearest maturity first, with the ask and the yields to maturity; a row opens its
 * ticket. Test ids: `bond-filter-{all|kind}`, `bond-row-{isin}`, `bond-holdings-link`.
 */
export function BondList() {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const navigate = useNavigate();
  const [kind, setKind] = useState<Kind | null>(null);
  const rows = useApiQuery(bondList, kind ? { kind } : {});
  const chip = (key: string, on: boolean, caption: string, pick: () => void) => (
    <button
      key={key}
      type="button"
      className={on ? ui.chipOn : ui.chip}
      aria-pressed={on}
      onClick={pick}
      data-testid={`bond-filter-${key}`}
    >
      {caption}
    </button>
  );

  return (
    <div data-testid="bond-list">
      <Link className={styles.holdingsLink} to={bondPaths.holdings} data-testid="bond-holdings-link">
        {t('bonds.holdings')}
      </Link>
      <div className={ui.filters}>
        <div className={ui.chips}>
          {chip('all', kind === null, t('bonds.filter.all'), () => setKind(null))}
          {bondKinds.map((k) => chip(k, kind === k, t(`bonds.kind.${k}`), () => setKind(k)))}
        </div>
        <p className={ui.note}>{t('bonds.note')}</p>
      </div>
      {rows.isPending ? (
        <Skeleton.Paragraph lineCount={8} animated />
      ) : rows.isError ? (
        <LoadFailed onRetry={() => void rows.refetch()} />
      ) : rows.data.list.length === 0 ? (
        <p className={ui.empty}>{t('bonds.empty')}</p>
      ) : (
        <ul className={ui.list}>
          {rows.data.list.map((b) => (
            <li key={b.isin}>
              <button
                type="button"
                className={ui.row}
                onClick={() => navigate(bondTicketPath(b.isin))}
                data-testid={`bond-row-${b.isin}`}
              >
                <span className={ui.names}>
                  <span className={ui.name}>{bondName(b, t, lang)}</span>
                  <span className={ui.sub}>{b.isin}</span>
                </span>
                <span className={ui.figures}>
                  <span className={ui.last}>{shownPrice(b.ask, lang)}</span>
                  <span className={ui.sub}>
                    {t('bonds.yields', {
                      0: shownPercent(b.yieldGross, lang),
                      1: shownPercent(b.yieldNet, lang),
                    })}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
