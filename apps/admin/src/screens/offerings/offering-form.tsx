import { adminOfferingSave } from '@piazza/contract/calls/primary-admin';
import type { OfferingView } from '@piazza/contract/calls/primary-shapes';
import type { Language } from '@piazza/contract/wire';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../shared/form-actions';
import { request } from '../../shared/request';
import { useDraftForm } from '../../shared/use-draft-form';
import { type Draft, offeringFields } from './offering-draft';
import styles from './offerings.module.css';

const numberFields = [
  ['issuePrice', 'decimal'],
  ['discountPercent', 'decimal'],
  ['lotSize', 'numeric'],
  ['minLots', 'numeric'],
  ['maxLots', 'numeric'],
  ['lotsOffered', 'numeric'],
] as const;
const instants = ['opensAt', 'closesAt', 'allotsAt', 'payBy', 'listsAt'] as const;

/** The draft of an offering: written, saved (created or replaced), never published from here. */
export function OfferingForm({
  initial,
  id,
  onSaved,
  onCancel,
}: {
  initial: Draft;
  id?: number;
  onSaved: (saved: OfferingView) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const { draft, set, save, submit } = useDraftForm(
    initial,
    (d) => request(adminOfferingSave, offeringFields(d, lang, id) as never),
    (saved) => t('offeringsAdmin.saved', { name: saved.name }),
    onSaved,
  );
  const coin = draft.kind === 'ico';
  return (
    <form className={styles.form} onSubmit={submit} data-testid="offering-form">
      <label>
        <span>{t('offeringsAdmin.kind')}</span>
        <select
          value={draft.kind}
          onChange={(e) => set({ kind: e.target.value as Draft['kind'] })}
          data-testid="offering-kind"
        >
          {(['ipo', 'offline', 'ico'] as const).map((k) => (
            <option key={k} value={k}>
              {t(`offeringsAdmin.kind.${k}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>{t('offeringsAdmin.symbol')}</span>
        <input
          value={draft.symbol}
          onChange={(e) => set({ symbol: e.target.value })}
          data-testid="offering-symbol"
        />
      </label>
      <label>
        <span>{t(coin ? 'offeringsAdmin.project' : 'offeringsAdmin.issuer')}</span>
        <input
          value={draft.name}
          onChange={(e) => set({ name: e.target.value })}
          data-testid="offering-name"
        />
      </label>
      {!coin && (
        <>
          <label>
            <span>{t('offeringsAdmin.isin')}</span>
            <input
              value={draft.isin}
              onChange={(e) => set({ isin: e.target.value })}
              data-testid="offering-isin"
            />
          </label>
          <label>
            <span>{t('offeringsAdmin.market')}</span>
            <select
              value={draft.market}
              onChange={(e) => set({ market: e.target.value as Draft['market'] })}
              data-testid="offering-market"
            >
              <option value="XMIL">{t('offeringsAdmin.market.XMIL')}</option>
              <option value="XNYS">{t('offeringsAdmin.market.XNYS')}</option>
            </select>
          </label>
        </>
      )}
      {numberFields.map(([key, mode]) => (
        <label key={key}>
          <span>
            {t(`offeringsAdmin.${key}`, {
              currency: coin ? 'USDT' : draft.market === 'XNYS' ? 'USD' : 'EUR',
            })}
          </span>
          <input
            inputMode={mode}
            value={draft[key]}
            onChange={(e) => set({ [key]: e.target.value })}
            data-testid={`offering-${key}`}
          />
        </label>
      ))}
      {instants.map((key) => (
        <label key={key}>
          <span>{t(`offeringsAdmin.${key}`)}</span>
          <input
            type="datetime-local"
            value={draft[key]}
            onChange={(e) => set({ [key]: e.target.value })}
            data-testid={`offering-${key}`}
          />
        </label>
      ))}
      <label className={styles.wide}>
        <span>{t(coin ? 'offeringsAdmin.whitePaper' : 'offeringsAdmin.prospectus')}</span>
        <input
          type="url"
          value={draft.documentUrl}
          onChange={(e) => set({ documentUrl: e.target.value })}
          placeholder="https://"
          data-testid="offering-documentUrl"
        />
      </label>
      <label className={styles.wide}>
        <span>{t('offeringsAdmin.description')}</span>
        <textarea
          value={draft.description}
          onChange={(e) => set({ description: e.target.value })}
          data-testid="offering-description"
        />
      </label>
      <label className="check">
        <input type="checkbox" checked={draft.vipOnly} onChange={(e) => set({ vipOnly: e.target.checked })} />
        <span>{t('offeringsAdmin.vipOnly')}</span>
      </label>
      <label className="check">
        <input
          type="checkbox"
          checked={draft.freezeOnApply}
          onChange={(e) => set({ freezeOnApply: e.target.checked })}
          data-testid="offering-freeze"
        />
        <span>{t('offeringsAdmin.freezeOnApply')}</span>
      </label>
      <FormActions
        submitLabel={t('offeringsAdmin.save')}
        submitTestId="offering-save"
        pending={save.isPending}
        onCancel={onCancel}
      />
    </form>
  );
}
