import { adminFundSave, adminFunds } from '@piazza/contract/calls/fund-admin';
import type { FundView } from '@piazza/contract/calls/fund-shapes';
import type { Language } from '@piazza/contract/wire';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { can } from '../../shared/can';
import { formatLedgerAmount } from '../../shared/format';
import { ListScreen, usePagedList } from '../../shared/list-screen';
import { request } from '../../shared/request';
import { useMe } from '../../shared/use-me';
import { emptyFundDraft } from './fund-draft';
import { FundForm } from './fund-form';
import { FundManagers } from './fund-managers';
import styles from './funds.module.css';

/** Copy-trading funds (issue 13 item 6): every fund, paused ones included, newest first; a new fund; managers. */
export default function FundsScreen() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const role = useMe().data?.operator.role;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const paged = usePagedList('funds', (p) => request(adminFunds, p));
  const modeOf = (f: FundView) =>
    f.mode === 'strategy' && f.strategy !== null
      ? t('fundsAdmin.modeOf.strategy', { strategy: t(`robotsAdmin.strategy.${f.strategy}`) })
      : t('fundsAdmin.modeOf.manual');
  return (
    <>
      <ListScreen
        name="funds"
        title={t('fundsAdmin.title')}
        hint={t('fundsAdmin.hint')}
        create={{
          allowed: can(role, adminFundSave),
          label: t('fundsAdmin.new'),
          testId: 'fund-new',
          form: (close) => (
            <FundForm
              initial={emptyFundDraft()}
              onSaved={(f) => {
                close();
                void queryClient.invalidateQueries({ queryKey: ['funds'] });
                void queryClient.invalidateQueries({ queryKey: ['fund-managers'] });
                navigate(`/funds/${f.id}`);
              }}
              onCancel={close}
            />
          ),
        }}
        paged={paged}
        table={{
          testId: 'funds-table',
          head: [
            t('fundsAdmin.name'),
            t('fundsAdmin.manager'),
            t('fundsAdmin.mode'),
            t('fundsAdmin.status'),
            t('fundsAdmin.nav'),
            t('fundsAdmin.followers'),
            t('fundsAdmin.bookValue'),
          ],
          row: (f) => (
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
          ),
        }}
      />
      <FundManagers />
    </>
  );
}
