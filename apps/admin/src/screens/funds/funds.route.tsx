import { adminFundSave, adminFunds } from '@piazza/contract/calls/fund-admin';
import type { FundView } from '@piazza/contract/calls/fund-shapes';
import type { Language } from '@piazza/contract/wire';
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
import { emptyFundDraft } from './fund-draft';
import { FundForm } from './fund-form';
import { FundManagers } from './fund-managers';
import styles from './funds.module.css';

const size = 20;

/** Copy-trading funds (issue 13 item 6): every fund, paused ones included, newest first; a new fund; managers. */
export default function FundsScreen() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const role = useMe().data?.operator.role;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { page, update } = usePageParams([] as const);
  const [writing, setWriting] = useState(false);
  const funds = useQuery({
    queryKey: ['funds', page],
    queryFn: () => request(adminFunds, { page, size }),
  });
  const saved = (f: FundView) => {
    setWriting(false);
    void queryClient.invalidateQueries({ queryKey: ['funds'] });
    void queryClient.invalidateQueries({ queryKey: ['fund-managers'] });
    navigate(`/funds/${f.id}`);
  };
  const modeOf = (f: FundView) =>
    f.mode === 'strategy' && f.strategy !== null
      ? t('fundsAdmin.modeOf.strategy', { strategy: t(`robotsAdmin.strategy.${f.strategy}`) })
      : t('fundsAdmin.modeOf.manual');
  return (
    <>
      <section aria-labelledby="funds-title">
        <h1 id="funds-title">{t('fundsAdmin.title')}</h1>
        <p className="muted">{t('fundsAdmin.hint')}</p>
        {can(role, adminFundSave) && !writing && (
          <button type="button" onClick={() => setWriting(true)} data-testid="fund-new">
            {t('fundsAdmin.new')}
          </button>
        )}
        {writing && (
          <FundForm initial={emptyFundDraft()} onSaved={saved} onCancel={() => setWriting(false)} />
        )}
        {funds.isPending && <p className="muted">{t('common.loading')}</p>}
        {funds.data && funds.data.list.length === 0 && <p className="muted">{t('common.empty')}</p>}
        {funds.data && funds.data.list.length > 0 && (
          <>
            <div className={styles.scroll}>
              <table data-testid="funds-table">
                <thead>
                  <tr>
                    <th scope="col">{t('fundsAdmin.name')}</th>
                    <th scope="col">{t('fundsAdmin.manager')}</th>
                    <th scope="col">{t('fundsAdmin.mode')}</th>
                    <th scope="col">{t('fundsAdmin.status')}</th>
                    <th scope="col">{t('fundsAdmin.nav')}</th>
                    <th scope="col">{t('fundsAdmin.followers')}</th>
                    <th scope="col">{t('fundsAdmin.bookValue')}</th>
                  </tr>
                </thead>
                <tbody>
                  {funds.data.list.map((f) => (
                    <tr key={f.id} data-testid={`fund-row-${f.id}`}>
                      <td>
                        <Link to={`/funds/${f.id}`}>{f.name}</Link>
                      </td>
                      <td>{f.managerName}</td>
                      <td>{modeOf(f)}</td>
                      <td>
                        <span className={f.status === 'active' ? 'badge badge-ok' : 'badge badge-off'}>
                          {t(`fundsAdmin.status.${f.status}`)}
                        </span>
                      </td>
                      <td className={styles.figures}>{formatLedgerAmount(f.nav, lang)}</td>
                      <td className={styles.figures}>{f.followers}</td>
                      <td className={styles.figures}>
                        {formatLedgerAmount(f.bookValue, lang)} {f.currency}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager page={page} size={size} total={funds.data.total} onPage={(p) => update({ page: p })} />
          </>
        )}
      </section>
      <FundManagers />
    </>
  );
}
