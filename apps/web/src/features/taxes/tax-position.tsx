import { taxPosition } from '@piazza/contract/calls/taxes';
import type { TaxPositionView } from '@piazza/contract/calls/taxes-shapes';
import type { Language } from '@piazza/contract/wire';
import { formatDate } from '@piazza/core/format-date';
import { formatNumber } from '@piazza/core/format-number';
import { Skeleton } from 'antd-mobile';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../shared/api/use-api-query';
import { usePersisted } from '../../shared/storage/persisted';
import { FigureList } from '../../shared/ticket/figure-rows';
import tickets from '../../shared/ticket/ticket.module.css';
import { Card } from '../../shared/ui/card';
import { LoadFailed } from '../../shared/ui/load-failed';
import styles from './taxes.module.css';

const firstYear = 2013;

const money = (amount: string, currency: string, lang: Language) =>
  `${formatNumber(amount, lang, 2)} ${currency}`;
const percent = (rate: string, lang: Language) =>
  formatNumber(rate, lang, (rate.split('.')[1] ?? '').replace(/0+$/, '').length);

/**
 * user/taxes: the investor's tax position for a year (issue 19, decisions 048 and 049) — the regime, per
 * currency the gains and losses, the zainetto used, the capital gains tax withheld, the Tobin tax and the stamp
 * duty; the zainetto with each year's losses, what is left and until when (or that it expired); the year's
 * sales and closes with what each withheld. Test ids: `taxes-regime`, `taxes-year`, `taxes-withheld-{CUR}`,
 * `taxes-zainetto-{year}-{CUR}`, `taxes-sale-{id}`.
 */
export function TaxPositionScreen() {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  // This year is the server's (its clock may be a demo's): the first answer, asked without a year, says it.
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const view = useApiQuery(taxPosition, chosen === undefined ? {} : { year: chosen }, { staleTime: 0 });
  const latest = useRef<number | undefined>(undefined);
  if (chosen === undefined && view.data) latest.current = view.data.year;
  const thisYear = latest.current ?? view.data?.year;
  const year = chosen ?? thisYear;
  const setYear = (y: number) => setChosen(y);

  return (
    <>
      <Card>
        <div className={styles.years}>
          <button
            type="button"
            className={styles.yearButton}
            onClick={() => year !== undefined && setYear(year - 1)}
            disabled={year === undefined || year <= firstYear}
            aria-label={t('taxes.prevYear')}
            data-testid="taxes-prev-year"
          >
            ‹
          </button>
          <h2 className={styles.year} data-testid="taxes-year">
            {year === undefined ? '--' : t('taxes.year', { 0: year })}
          </h2>
          <button
            type="button"
            className={styles.yearButton}
            onClick={() => year !== undefined && setYear(year + 1)}
            disabled={year === undefined || thisYear === undefined || year >= thisYear}
            aria-label={t('taxes.nextYear')}
            data-testid="taxes-next-year"
          >
            ›
          </button>
        </div>
        <p className={styles.muted}>{t('taxes.about')}</p>
      </Card>
      {view.isPending ? (
        <Skeleton.Paragraph lineCount={8} animated />
      ) : view.isError ? (
        <LoadFailed onRetry={() => void view.refetch()} />
      ) : (
        <PositionCards view={view.data} lang={lang} />
      )}
    </>
  );
}

function PositionCards({ view, lang }: { view: TaxPositionView; lang: Language }) {
  const { t } = useTranslation();
  return (
    <>
      <Card title={t('taxes.regime')} testId="taxes-regime-card">
        <p data-testid="taxes-regime">{t(`taxes.regime.${view.regime}`)}</p>
      </Card>
      <Card title={t('taxes.figures')} testId="taxes-figures">
        {view.figures.length === 0 && <p className={styles.muted}>{t('taxes.none')}</p>}
        {view.figures.map((f) => (
          <div key={f.currency}>
            {view.figures.length > 1 && <p className={styles.currency}>{f.currency}</p>}
            <FigureList
              figures={[
                [t('taxes.gains'), money(f.gains, f.currency, lang), `taxes-gains-${f.currency}`],
                [t('taxes.losses'), money(f.losses, f.currency, lang), `taxes-losses-${f.currency}`],
                [t('taxes.lossUsed'), money(f.lossUsed, f.currency, lang), `taxes-loss-used-${f.currency}`],
                [t('taxes.taxable'), money(f.taxable, f.currency, lang), `taxes-taxable-${f.currency}`],
                [t('taxes.withheld'), money(f.withheld, f.currency, lang), `taxes-withheld-${f.currency}`],
                [
                  t('taxes.transactionTax'),
                  money(f.transactionTax, f.currency, lang),
                  `taxes-ftt-${f.currency}`,
                ],
                [t('taxes.stampDuty'), money(f.stampDuty, f.currency, lang), `taxes-bollo-${f.currency}`],
              ]}
            />
          </div>
        ))}
      </Card>
      <Card title={t('taxes.zainetto')} testId="taxes-zainetto">
        {view.zainetto.length === 0 && <p className={styles.muted}>{t('taxes.zainetto.empty')}</p>}
        {view.zainetto.map((z) => (
          <div
            key={`${z.year}-${z.currency}`}
            className={styles.item}
            data-testid={`taxes-zainetto-${z.year}-${z.currency}`}
          >
            <div className={styles.itemHead}>
              <span>{t('taxes.zainetto.year', { 0: z.year })}</span>
              <span className={z.expired ? styles.expired : styles.until}>
                {t(z.expired ? 'taxes.zainetto.expired' : 'taxes.zainetto.until', { 0: z.usableUntil })}
              </span>
            </div>
            <FigureList
              figures={[
                [
                  t('taxes.zainetto.carried'),
                  money(z.carried, z.currency, lang),
                  `taxes-z-carried-${z.year}`,
                ],
                [t('taxes.zainetto.used'), money(z.used, z.currency, lang), `taxes-z-used-${z.year}`],
                [
                  t('taxes.zainetto.remaining'),
                  money(z.remaining, z.currency, lang),
                  `taxes-z-left-${z.year}`,
                ],
              ]}
            />
          </div>
        ))}
      </Card>
      <Card title={t('taxes.sales')} testId="taxes-sales">
        {view.realisations.length === 0 && <p className={styles.muted}>{t('taxes.sales.empty')}</p>}
        {view.realisations.map((r) => (
          <div key={r.id} className={styles.item} data-testid={`taxes-sale-${r.id}`}>
            <div className={styles.itemHead}>
              <span>{r.instrument}</span>
              <span className={styles.until}>
                {t(`taxes.kind.${r.kind}`)} · {formatDate(r.time)}
              </span>
            </div>
            <FigureList
              figures={[
                [t('taxes.sale.cost'), money(r.cost, r.currency, lang), `taxes-sale-cost-${r.id}`],
                [
                  t('taxes.sale.gain'),
                  money(r.gain, r.currency, lang),
                  `taxes-sale-gain-${r.id}`,
                  r.gain.startsWith('-') ? tickets.down : tickets.up,
                ],
                [
                  t('taxes.sale.withheld', { 0: percent(r.rate, lang) }),
                  money(r.withheld, r.currency, lang),
                  `taxes-sale-withheld-${r.id}`,
                ],
              ]}
            />
          </div>
        ))}
      </Card>
    </>
  );
}
