import { adminKycList } from '@piazza/contract/calls/admin-kyc';
import { idStatuses } from '@piazza/contract/enums';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { MessageKey } from '../../i18n/en-US';
import { currentLanguage } from '../../i18n/i18n';
import { countryName, formatTime } from '../../shared/format';
import { usePageParams } from '../../shared/page-params';
import { Pager } from '../../shared/pager';
import { request } from '../../shared/request';

const size = 20;
/** The statuses an operator filters by; 'none' never has a submission to review. */
const filters = idStatuses.filter((s) => s !== 'none');

/** The KYC review queue: pending submissions first (oldest first), then the reviewed ones. */
export default function KycQueueScreen() {
  const { t } = useTranslation();
  const { page, values, update } = usePageParams(['status'] as const);
  const status = filters.find((s) => s === values.status);
  const params = { page, size, status };
  const list = useQuery({ queryKey: ['kyc-list', params], queryFn: () => request(adminKycList, params) });
  const never = t('common.never');
  const lang = currentLanguage();

  return (
    <section aria-labelledby="kyc-title">
      <h1 id="kyc-title">{t('kycQueue.title')}</h1>
      <div className="toolbar">
        <label>
          <span>{t('kycQueue.filter')}</span>
          <select
            value={status ?? ''}
            onChange={(e) => update({ status: e.target.value })}
            data-testid="kyc-filter"
          >
            <option value="">{t('kycQueue.all')}</option>
            {filters.map((s) => (
              <option key={s} value={s}>
                {t(`kyc.${s}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {list.isPending && <p className="muted">{t('common.loading')}</p>}
      {list.data && list.data.list.length === 0 && <p className="muted">{t('kycQueue.empty')}</p>}
      {list.data && list.data.list.length > 0 && (
        <>
          <table data-testid="kyc-queue">
            <thead>
              <tr>
                <th scope="col">{t('users.col.id')}</th>
                <th scope="col">{t('kycField.realName')}</th>
                <th scope="col">{t('users.col.account')}</th>
                <th scope="col">{t('kycField.certType')}</th>
                <th scope="col">{t('kycField.nationality')}</th>
                <th scope="col">{t('users.col.kyc')}</th>
                <th scope="col">{t('kycQueue.submitted')}</th>
                <th scope="col">{t('kycQueue.reviewed')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.list.map((row) => (
                <tr key={row.userId} data-testid={`kyc-row-${row.userId}`}>
                  <td>
                    <Link to={`/kyc/${row.userId}`} data-testid={`kyc-open-${row.userId}`}>
                      {row.displayId}
                    </Link>
                  </td>
                  <td>{row.realName}</td>
                  <td>{row.account}</td>
                  <td>{t(`certType.${row.certType}` as MessageKey, { defaultValue: row.certType })}</td>
                  <td>{countryName(row.nationality, lang)}</td>
                  <td>
                    <span className={`badge kyc-${row.idStatus}`}>{t(`kyc.${row.idStatus}`)}</span>
                  </td>
                  <td className="nowrap">{formatTime(row.submittedAt, never)}</td>
                  <td className="nowrap">{formatTime(row.reviewedAt, never)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager page={page} size={size} total={list.data.total} onPage={(p) => update({ page: p })} />
        </>
      )}
    </section>
  );
}
