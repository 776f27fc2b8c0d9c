import { adminBlockCancel, adminBlockSave, adminBlocks } from '@piazza/contract/calls/blocks';
import type { BlockView } from '@piazza/contract/calls/blocks-shapes';
import type { Language } from '@piazza/contract/wire';
import { formatDate } from '@piazza/core/format-date';
import { readTypedInteger, readTypedNumber } from '@piazza/core/typed-number';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '../../shared/can';
import { formatLedgerAmount } from '../../shared/format';
import { showNotice } from '../../shared/notices';
import { usePageParams } from '../../shared/page-params';
import { Pager } from '../../shared/pager';
import { request } from '../../shared/request';
import { useMe } from '../../shared/use-me';
import styles from './blocks.module.css';

const size = 20;
const dayMs = 86_400_000;

/** `datetime-local` text for an instant, in the browser's zone. */
function localInput(ms: number): string {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
}

const emptyDraft = (now: number) => ({
  symbol: '',
  pricing: 'discount' as 'fixed' | 'discount',
  price: '',
  discountPercent: '',
  quantity: '',
  minQuantity: '',
  lockDays: '30',
  opensAt: localInput(now),
  closesAt: localInput(now + 7 * dayMs),
  deliversAt: localInput(now + 8 * dayMs),
  vipOnly: false,
});
type Draft = ReturnType<typeof emptyDraft>;

/**
 * The draft as the wire's fields: numbers typed as the operator's language writes them ("12,50", "1.000"),
 * instants from the browser's zone. A field that cannot be read is sent as typed, so the server names it.
 */
export function blockFields(d: Draft, lang: Language) {
  const decimal = (text: string) => (text.trim() === '' ? undefined : (readTypedNumber(text, lang) ?? text));
  const whole = (text: string) => readTypedInteger(text, lang) ?? text;
  return {
    symbol: d.symbol,
    pricing: d.pricing,
    ...(d.pricing === 'fixed'
      ? { price: decimal(d.price) }
      : { discountPercent: decimal(d.discountPercent) }),
    quantity: whole(d.quantity),
    minQuantity: whole(d.minQuantity),
    lockDays: whole(d.lockDays),
    opensAt: new Date(d.opensAt).getTime(),
    closesAt: new Date(d.closesAt).getTime(),
    deliversAt: new Date(d.deliversAt).getTime(),
    vipOnly: d.vipOnly ? 1 : 0,
  };
}

/** Block trades (issue 12 item 6): offer a block of a listed share, see what was bought, cancel before delivery. */
export default function BlocksScreen() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as Language;
  const role = useMe().data?.operator.role;
  const queryClient = useQueryClient();
  const { page, update } = usePageParams([] as const);
  const blocks = useQuery({
    queryKey: ['blocks', page],
    queryFn: () => request(adminBlocks, { page, size }),
  });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [cancelling, setCancelling] = useState<{ id: number; reason: string } | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['blocks'] });

  const save = useMutation({
    mutationFn: (d: Draft) => request(adminBlockSave, blockFields(d, lang) as never),
    onSuccess: (block) => {
      showNotice('success', t('blocksAdmin.saved', { symbol: block.symbol }));
      setDraft(null);
      refresh();
    },
  });
  const cancel = useMutation({
    mutationFn: (c: { id: number; reason: string }) => request(adminBlockCancel, c),
    onSuccess: (block) => {
      showNotice('success', t('blocksAdmin.cancelled', { symbol: block.symbol }));
      setCancelling(null);
      refresh();
    },
  });
  const set = (patch: Partial<Draft>) => setDraft((d) => (d ? { ...d, ...patch } : d));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (draft) save.mutate(draft);
  };
  const amount = (text: string | null) => (text === null ? '—' : formatLedgerAmount(text, lang));

  return (
    <section aria-labelledby="blocks-title">
      <h1 id="blocks-title">{t('blocksAdmin.title')}</h1>
      <p className="muted">{t('blocksAdmin.hint')}</p>
      {can(role, adminBlockSave) && !draft && (
        <button type="button" onClick={() => setDraft(emptyDraft(Date.now()))} data-testid="block-new">
          {t('blocksAdmin.new')}
        </button>
      )}
      {draft && (
        <form className={styles.form} onSubmit={submit} data-testid="block-form">
          <label>
            <span>{t('blocksAdmin.symbol')}</span>
            <input
              value={draft.symbol}
              onChange={(e) => set({ symbol: e.target.value })}
              placeholder="ENI.MI"
              data-testid="block-symbol"
            />
          </label>
          <label>
            <span>{t('blocksAdmin.pricing')}</span>
            <select
              value={draft.pricing}
              onChange={(e) => set({ pricing: e.target.value as Draft['pricing'] })}
              data-testid="block-pricing"
            >
              <option value="discount">{t('blocksAdmin.pricing.discount')}</option>
              <option value="fixed">{t('blocksAdmin.pricing.fixed')}</option>
            </select>
          </label>
          {draft.pricing === 'fixed' ? (
            <label>
              <span>{t('blocksAdmin.price')}</span>
              <input
                inputMode="decimal"
                value={draft.price}
                onChange={(e) => set({ price: e.target.value })}
                data-testid="block-price"
              />
            </label>
          ) : (
            <label>
              <span>{t('blocksAdmin.discount')}</span>
              <input
                inputMode="decimal"
                value={draft.discountPercent}
                onChange={(e) => set({ discountPercent: e.target.value })}
                data-testid="block-discount"
              />
            </label>
          )}
          <label>
            <span>{t('blocksAdmin.quantity')}</span>
            <input
              inputMode="numeric"
              value={draft.quantity}
              onChange={(e) => set({ quantity: e.target.value })}
              data-testid="block-quantity"
            />
          </label>
          <label>
            <span>{t('blocksAdmin.minQuantity')}</span>
            <input
              inputMode="numeric"
              value={draft.minQuantity}
              onChange={(e) => set({ minQuantity: e.target.value })}
              data-testid="block-min"
            />
          </label>
          <label>
            <span>{t('blocksAdmin.lockDays')}</span>
            <input
              inputMode="numeric"
              value={draft.lockDays}
              onChange={(e) => set({ lockDays: e.target.value })}
              data-testid="block-lock"
            />
          </label>
          {(['opensAt', 'closesAt', 'deliversAt'] as const).map((key) => (
            <label key={key}>
              <span>{t(`blocksAdmin.${key}`)}</span>
              <input
                type="datetime-local"
                value={draft[key]}
                onChange={(e) => set({ [key]: e.target.value })}
                data-testid={`block-${key}`}
              />
            </label>
          ))}
          <label className="check">
            <input
              type="checkbox"
              checked={draft.vipOnly}
              onChange={(e) => set({ vipOnly: e.target.checked })}
            />
            <span>{t('blocksAdmin.vipOnly')}</span>
          </label>
          <div className={styles.actions}>
            <button type="submit" disabled={save.isPending} data-testid="block-save">
              {t('blocksAdmin.save')}
            </button>
            <button type="button" className="secondary" onClick={() => setDraft(null)}>
              {t('common.cancel')}
            </button>
          </div>
        </form>
      )}
      {blocks.isPending && <p className="muted">{t('common.loading')}</p>}
      {blocks.data && blocks.data.list.length === 0 && <p className="muted">{t('common.empty')}</p>}
      {blocks.data && blocks.data.list.length > 0 && (
        <>
          <div className={styles.scroll}>
            <table data-testid="blocks-table">
              <thead>
                <tr>
                  <th scope="col">{t('blocksAdmin.symbol')}</th>
                  <th scope="col">{t('blocksAdmin.state')}</th>
                  <th scope="col">{t('blocksAdmin.priceNow')}</th>
                  <th scope="col">{t('blocksAdmin.sold')}</th>
                  <th scope="col">{t('blocksAdmin.window')}</th>
                  <th scope="col">{t('blocksAdmin.deliversAt')}</th>
                  <th scope="col">{t('blocksAdmin.lockDays')}</th>
                  <th scope="col">{t('blocksAdmin.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {blocks.data.list.map((b: BlockView) => {
                  const sold = BigInt(b.quantityOffered) - BigInt(b.quantityLeft);
                  return (
                    <tr key={b.id} data-testid={`block-row-${b.id}`}>
                      <td>
                        {b.name} · {b.symbol}
                        {b.vipOnly ? ` · ${t('blocksAdmin.vip')}` : ''}
                      </td>
                      <td data-testid={`block-state-${b.id}`}>{t(`blocksAdmin.state.${b.state}`)}</td>
                      <td>
                        {amount(b.price)} {b.currency}
                      </td>
                      <td>
                        {String(sold)} / {b.quantityOffered}
                      </td>
                      <td>
                        {formatDate(b.opensAt)} – {formatDate(b.closesAt)}
                      </td>
                      <td>{formatDate(b.deliversAt)}</td>
                      <td>{b.lockDays}</td>
                      <td>
                        {can(role, adminBlockCancel) &&
                          (b.state === 'open' || b.state === 'coming' || b.state === 'closed') &&
                          (cancelling?.id === b.id ? (
                            <form
                              className={styles.cancel}
                              onSubmit={(e) => {
                                e.preventDefault();
                                cancel.mutate(cancelling);
                              }}
                            >
                              <label>
                                <span className="visually-hidden">{t('blocksAdmin.reason')}</span>
                                <input
                                  value={cancelling.reason}
                                  placeholder={t('blocksAdmin.reason')}
                                  onChange={(e) => setCancelling({ id: b.id, reason: e.target.value })}
                                  data-testid={`block-reason-${b.id}`}
                                />
                              </label>
                              <button
                                type="submit"
                                disabled={cancel.isPending}
                                data-testid={`block-cancel-confirm-${b.id}`}
                              >
                                {t('blocksAdmin.cancelConfirm')}
                              </button>
                            </form>
                          ) : (
                            <button
                              type="button"
                              className="secondary"
                              onClick={() => setCancelling({ id: b.id, reason: '' })}
                              data-testid={`block-cancel-${b.id}`}
                            >
                              {t('blocksAdmin.cancel')}
                            </button>
                          ))}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <Pager page={page} size={size} total={blocks.data.total} onPage={(p) => update({ page: p })} />
        </>
      )}
    </section>
  );
}
