import { adminOfferingSave, adminOfferings } from '@piazza/contract/calls/primary-admin';
import type { OfferingView } from '@piazza/contract/calls/primary-shapes';
import type { Language } from '@piazza/contract/wire';
import { formatDate } from '@piazza/core/format-date';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { can } from '../../shared/can';
import { formatLedgerAmount } from '../../shared/format';
import { usePageParams } from '../../shared/page-params';
import { Pager } from '../../shared/pager';
import { request } from '../../shared/request';
import { useMe } from '../../shared/use-me';
import { emptyDraft } from './offering-draft';
import { OfferingForm } from './offering-form';
import styles from './offerings.module.css';

const size = 20;

/** Offerings (issue 12 item 1): IPOs, offline placements and ICOs, drafts included; a new draft. */
export default function OfferingsScreen() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const role = useMe().data?.operator.role;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { page, update } = usePageParams([] as const);
  const [writing, setWriting] = useState(false);
  const offerings = useQuery({
    queryKey: ['offerings', page],
    queryFn: () => request(adminOfferings, { page, size }),
  });
  const saved = (o: OfferingView) => {
    setWriting(false);
    void queryClient.invalidateQueries({ queryKey: ['offerings'] });
    navigate(`/offerings/${o.id}`);
  };
  return (
    <section aria-labelledby="offerings-title">
      <h1 id="offerings-title">{t('offeringsAdmin.title')}</h1>
      <p className="muted">{t('offeringsAdmin.hint')}</p>
      {can(role, adminOfferingSave) && !writing && (
        <button type="button" onClick={() => setWriting(true)} data-testid="offering-new">
          {t('offeringsAdmin.new')}
        </button>
      )}
      {writing && (
        <OfferingForm initial={emptyDraft(Date.now())} onSaved={saved} onCancel={() => setWriting(false)} />
      )}
      {offerings.isPending && <p className="muted">{t('common.loading')}</p>}
      {offerings.data && offerings.data.list.length === 0 && <p className="muted">{t('common.empty')}</p>}
      {offerings.data && offerings.data.list.length > 0 && (
        <>
          <div className={styles.scroll}>
            <table data-testid="offerings-table">
              <thead>
                <tr>
                  <th scope="col">{t('offeringsAdmin.issuer')}</th>
                  <th scope="col">{t('offeringsAdmin.kind')}</th>
                  <th scope="col">{t('offeringsAdmin.state')}</th>
                  <th scope="col">{t('offeringsAdmin.offerPrice')}</th>
                  <th scope="col">{t('offeringsAdmin.demand')}</th>
                  <th scope="col">{t('offeringsAdmin.window')}</th>
                  <th scope="col">{t('offeringsAdmin.listsAt')}</th>
                </tr>
              </thead>
              <tbody>
                {offerings.data.list.map((o) => (
                  <tr key={o.id} data-testid={`offering-row-${o.id}`}>
                    <td>
                      <Link to={`/offerings/${o.id}`}>
                        {o.name} · {o.symbol}
                      </Link>
                    </td>
                    <td>{t(`offeringsAdmin.kind.${o.kind}`)}</td>
                    <td data-testid={`offering-state-${o.id}`}>{t(`offeringsAdmin.state.${o.state}`)}</td>
                    <td>
                      {formatLedgerAmount(o.offerPrice, lang)} {o.currency}
                    </td>
                    <td>
                      {o.allotment.lotsApplied} / {o.lotsOffered}
                    </td>
                    <td>
                      {formatDate(o.opensAt)} – {formatDate(o.closesAt)}
                    </td>
                    <td>{formatDate(o.listsAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} size={size} total={offerings.data.total} onPage={(p) => update({ page: p })} />
        </>
      )}
    </section>
  );
}
