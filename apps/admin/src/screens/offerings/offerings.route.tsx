import { adminOfferingSave, adminOfferings } from '@piazza/contract/calls/primary-admin';
import type { Language } from '@piazza/contract/wire';
import { formatDate } from '@piazza/core/format-date';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { can } from '../../shared/can';
import { formatLedgerAmount } from '../../shared/format';
import { ListScreen, usePagedList } from '../../shared/list-screen';
import { request } from '../../shared/request';
import { useMe } from '../../shared/use-me';
import { emptyDraft } from './offering-draft';
import { OfferingForm } from './offering-form';

/** Offerings (issue 12 item 1): IPOs, offline placements and ICOs, drafts included; a new draft. */
export default function OfferingsScreen() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const role = useMe().data?.operator.role;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const paged = usePagedList('offerings', (p) => request(adminOfferings, p));
  return (
    <ListScreen
      name="offerings"
      title={t('offeringsAdmin.title')}
      hint={t('offeringsAdmin.hint')}
      create={{
        allowed: can(role, adminOfferingSave),
        label: t('offeringsAdmin.new'),
        testId: 'offering-new',
        form: (close) => (
          <OfferingForm
            initial={emptyDraft(Date.now())}
            onSaved={(o) => {
              close();
              void queryClient.invalidateQueries({ queryKey: ['offerings'] });
              navigate(`/offerings/${o.id}`);
            }}
            onCancel={close}
          />
        ),
      }}
      paged={paged}
      table={{
        testId: 'offerings-table',
        head: [
          t('offeringsAdmin.issuer'),
          t('offeringsAdmin.kind'),
          t('offeringsAdmin.state'),
          t('offeringsAdmin.offerPrice'),
          t('offeringsAdmin.demand'),
          t('offeringsAdmin.window'),
          t('offeringsAdmin.listsAt'),
        ],
        row: (o) => (
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
        ),
      }}
    />
  );
}
