import { adminBonds } from '@piazza/contract/calls/bonds';
import type { Language } from '@piazza/contract/wire';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DataTable } from '../../shared/data-table';
import { formatDay } from '../../shared/format';
import { request } from '../../shared/request';
import { bondCoupon, shownEur, shownPrice, shownYield } from './bond-figures';

/**
 * The government bonds on MOT (decision 053, screen of decision 064): each bond of the catalogue with its
 * coupon, maturity, today's clean price and accrued interest, yields gross and net of 12.5%, and the investors
 * holding it; a row opens the bond's holders and payments.
 */
export default function BondsScreen() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const bonds = useQuery({ queryKey: ['admin-bonds'], queryFn: () => request(adminBonds, {}) });

  return (
    <section aria-labelledby="bonds-title">
      <h1 id="bonds-title">{t('bondsAdmin.title')}</h1>
      <p className="muted">{t('bondsAdmin.hint')}</p>
      {bonds.isPending && <p className="muted">{t('common.loading')}</p>}
      {bonds.data && (
        <DataTable
          rows={bonds.data.list}
          testId="bonds-table"
          head={[
            t('bondsAdmin.bond'),
            t('bondsAdmin.isin'),
            t('bondsAdmin.coupon'),
            t('bondsAdmin.maturity'),
            t('bondsAdmin.price'),
            t('bondsAdmin.accrued'),
            t('bondsAdmin.yieldGross'),
            t('bondsAdmin.yieldNet'),
            t('bondsAdmin.holders'),
            t('bondsAdmin.nominalHeld'),
          ]}
          row={(b) => (
            <tr key={b.isin} data-testid={`bonds-row-${b.isin}`}>
              <td>
                {t(`bondsAdmin.kind.${b.kind}`)}
                {b.state !== 'quoted' && <span className="muted"> ({t(`bondsAdmin.state.${b.state}`)})</span>}
              </td>
              <td>
                <Link to={`/bonds/${b.isin}`}>{b.isin}</Link>
              </td>
              <td className="num">{bondCoupon(b, t, lang)}</td>
              <td>{formatDay(b.maturityDate)}</td>
              <td className="num">{shownPrice(b.price, lang)}</td>
              <td className="num">{shownPrice(b.accruedPer100, lang)}</td>
              <td className="num">{shownYield(b.yieldGross, lang)}</td>
              <td className="num">{shownYield(b.yieldNet, lang)}</td>
              <td className="num">{b.holders}</td>
              <td className="num">{shownEur(b.nominalHeld, lang)}</td>
            </tr>
          )}
        />
      )}
    </section>
  );
}
