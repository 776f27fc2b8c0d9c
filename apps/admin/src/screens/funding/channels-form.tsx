import { adminFundingChannelSave, type adminFundingChannels } from '@piazza/contract/calls/funding-admin';
import type { CallOutput, CallParams } from '@piazza/contract/define';
import { type ChannelKind, type CryptoNetwork, channelKinds, cryptoNetworks } from '@piazza/contract/enums';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showNotice } from '../../shared/notices';
import { NumberInput } from '../../shared/number-input';
import { request } from '../../shared/request';
import { DaysPicker } from './funding-window';

export type ChannelLine = CallOutput<typeof adminFundingChannels>['list'][number];
type SaveParams = CallParams<typeof adminFundingChannelSave>;

/** The save call's input for a channel as it is, so a switch on or off changes nothing else. */
export function channelParams(c: ChannelLine, active: boolean): SaveParams {
  return {
    id: c.id,
    kind: c.kind,
    name: c.name,
    asset: c.asset,
    network: c.network ?? undefined,
    minAmount: c.minAmount,
    maxAmount: c.maxAmount,
    days: c.window.days.join(','),
    from: c.window.from,
    to: c.window.to,
    active: active ? 1 : 0,
    beneficiary: c.beneficiary ?? undefined,
    iban: c.iban ?? undefined,
    bic: c.bic ?? undefined,
    bankName: c.bankName ?? undefined,
    referenceRule: c.referenceRule ?? undefined,
    instructions: c.instructions ?? undefined,
  };
}

const blank = {
  kind: 'bank' as ChannelKind,
  name: '',
  asset: 'EUR',
  network: 'TRC20' as CryptoNetwork,
  minAmount: '',
  maxAmount: '',
  days: [1, 2, 3, 4, 5],
  from: '09:00',
  to: '18:00',
  active: true,
  beneficiary: '',
  iban: '',
  bic: '',
  bankName: '',
  referenceRule: '{displayId}',
  instructions: '',
};
type Draft = typeof blank;

function draftOf(c: ChannelLine): Draft {
  return {
    kind: c.kind,
    name: c.name,
    asset: c.asset,
    network: c.network ?? 'TRC20',
    minAmount: c.minAmount,
    maxAmount: c.maxAmount,
    days: c.window.days,
    from: c.window.from,
    to: c.window.to,
    active: c.active,
    beneficiary: c.beneficiary ?? '',
    iban: c.iban ?? '',
    bic: c.bic ?? '',
    bankName: c.bankName ?? '',
    referenceRule: c.referenceRule ?? '',
    instructions: c.instructions ?? '',
  };
}

/** Adds a deposit channel (no `channel`) or edits one; the server checks the IBAN, the BIC and the limits. */
export function ChannelForm({
  channel,
  onDone,
  onCancel,
}: {
  channel: ChannelLine | null;
  onDone(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const [d, setDraft] = useState<Draft>(channel ? draftOf(channel) : blank);
  const set =
    <K extends keyof Draft>(key: K) =>
    (value: Draft[K]) =>
      setDraft((prev) => ({ ...prev, [key]: value }));
  const text = (key: keyof Draft) => (e: { target: { value: string } }) =>
    setDraft((prev) => ({ ...prev, [key]: e.target.value }));
  const save = useMutation({
    mutationFn: () =>
      request(adminFundingChannelSave, {
        id: channel?.id,
        kind: d.kind,
        name: d.name,
        asset: d.asset.trim().toUpperCase(),
        network: d.kind === 'crypto' ? d.network : undefined,
        minAmount: d.minAmount,
        maxAmount: d.maxAmount,
        days: d.days.join(','),
        from: d.from,
        to: d.to,
        active: d.active ? 1 : 0,
        beneficiary: d.kind === 'bank' ? d.beneficiary : undefined,
        iban: d.kind === 'bank' ? d.iban.replace(/\s+/g, '') : undefined,
        bic: d.kind === 'bank' ? d.bic : undefined,
        bankName: d.kind === 'bank' ? d.bankName : undefined,
        referenceRule: d.kind === 'bank' ? d.referenceRule : undefined,
        instructions: d.instructions,
      }),
    onSuccess: (saved) => {
      showNotice('success', t('channels.saved', { name: saved.name }));
      onDone();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };

  return (
    <form
      className="card funding-form"
      onSubmit={submit}
      aria-labelledby="channel-form-title"
      data-testid="channel-form"
    >
      <h2 id="channel-form-title">
        {channel ? t('channels.editTitle', { name: channel.name }) : t('channels.addTitle')}
      </h2>
      <div className="row">
        <label>
          <span>{t('channels.kind')}</span>
          <select
            value={d.kind}
            onChange={(e) => set('kind')(e.target.value as ChannelKind)}
            data-testid="channel-kind"
          >
            {channelKinds.map((k) => (
              <option key={k} value={k}>
                {t(`channelKind.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t('channels.name')}</span>
          <input value={d.name} onChange={text('name')} data-testid="channel-name" />
        </label>
        <label>
          <span>{t('channels.asset')}</span>
          <input value={d.asset} onChange={text('asset')} list="funding-assets" data-testid="channel-asset" />
        </label>
        {d.kind === 'crypto' && (
          <label>
            <span>{t('funding.network')}</span>
            <select
              value={d.network}
              onChange={(e) => set('network')(e.target.value as CryptoNetwork)}
              data-testid="channel-network"
            >
              {cryptoNetworks.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      <datalist id="funding-assets">
        {['EUR', 'USD', 'USDT', 'BTC', 'ETH'].map((a) => (
          <option key={a} value={a} />
        ))}
      </datalist>
      <div className="row">
        <label>
          <span>{t('channels.min')}</span>
          <NumberInput
            value={d.minAmount}
            onChange={(value) => text('minAmount')({ target: { value } })}
            testId="channel-min"
          />
        </label>
        <label>
          <span>{t('channels.max')}</span>
          <NumberInput
            value={d.maxAmount}
            onChange={(value) => text('maxAmount')({ target: { value } })}
            testId="channel-max"
          />
        </label>
        <label>
          <span>{t('window.from')}</span>
          <input value={d.from} onChange={text('from')} placeholder="09:00" data-testid="channel-from" />
        </label>
        <label>
          <span>{t('window.to')}</span>
          <input value={d.to} onChange={text('to')} placeholder="18:00" data-testid="channel-to" />
        </label>
      </div>
      <DaysPicker value={d.days} onChange={set('days')} testId="channel-day" />
      <small className="muted">{t('window.hint')}</small>
      {d.kind === 'bank' && (
        <>
          <div className="row">
            <label>
              <span>{t('channels.beneficiary')}</span>
              <input value={d.beneficiary} onChange={text('beneficiary')} data-testid="channel-beneficiary" />
            </label>
            <label>
              <span>{t('channels.bankName')}</span>
              <input value={d.bankName} onChange={text('bankName')} data-testid="channel-bank-name" />
            </label>
          </div>
          <div className="row">
            <label>
              <span>IBAN</span>
              <input value={d.iban} onChange={text('iban')} data-testid="channel-iban" />
            </label>
            <label>
              <span>BIC/SWIFT</span>
              <input value={d.bic} onChange={text('bic')} data-testid="channel-bic" />
            </label>
            <label>
              <span>{t('channels.reference')}</span>
              <input
                value={d.referenceRule}
                onChange={text('referenceRule')}
                data-testid="channel-reference"
              />
              <small className="muted">{t('channels.referenceHint')}</small>
            </label>
          </div>
        </>
      )}
      <label>
        <span>{t('channels.instructions')}</span>
        <textarea
          rows={3}
          value={d.instructions}
          onChange={text('instructions')}
          data-testid="channel-instructions"
        />
      </label>
      <label className="check">
        <input
          type="checkbox"
          checked={d.active}
          onChange={(e) => set('active')(e.target.checked)}
          data-testid="channel-active"
        />
        <span>{t('channels.activeLabel')}</span>
      </label>
      <div className="row">
        <button type="submit" disabled={save.isPending} data-testid="channel-save">
          {t('common.save')}
        </button>
        <button type="button" className="secondary" onClick={onCancel} data-testid="channel-cancel">
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
