import { adminUserReward } from '@piazza/contract/calls/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n/i18n';
import { formatLedgerAmount } from '../../shared/format';
import { showNotice } from '../../shared/notices';
import { NumberInput } from '../../shared/number-input';
import { request } from '../../shared/request';
import { newRequestId } from '../../shared/request-id';

const assets = adminUserReward.input.shape.asset.options;
type Asset = (typeof assets)[number];

/**
 * Credits a platform reward in two steps, review then confirm. The requestId is drawn at review: confirming
 * again after a lost answer repeats the same request, which the server answers once and never pays twice.
 */
export function UserRewardForm({ userId, displayId }: { userId: number; displayId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [asset, setAsset] = useState<Asset>('EUR');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [requestId, setRequestId] = useState<string | null>(null);
  const credit = useMutation({
    mutationFn: (id: string) =>
      request(adminUserReward, { id: userId, asset, amount, reason, requestId: id }),
    onSuccess: (data) => {
      showNotice(
        'success',
        t('reward.done', { amount: formatLedgerAmount(data.amount, currentLanguage()), asset: data.asset }),
      );
      setAmount('');
      setReason('');
      setRequestId(null);
      void queryClient.invalidateQueries({ queryKey: ['user', userId] });
    },
  });
  // Any edit makes it a different request, to be reviewed again.
  const edit =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setRequestId(null);
    };
  const review = (e: FormEvent) => {
    e.preventDefault();
    setRequestId(newRequestId());
  };

  return (
    <form className="card" onSubmit={review} aria-labelledby="reward-title">
      <h2 id="reward-title">{t('reward.title')}</h2>
      <p className="muted">{t('reward.hint')}</p>
      <div className="row">
        <label>
          <span>{t('reward.asset')}</span>
          <select
            value={asset}
            onChange={(e) => edit(setAsset)(e.target.value as Asset)}
            data-testid="reward-asset"
          >
            {assets.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t('reward.amount')}</span>
          <NumberInput required value={amount} onChange={edit(setAmount)} testId="reward-amount" />
        </label>
      </div>
      <label>
        <span>{t('common.reason')}</span>
        <textarea
          rows={2}
          value={reason}
          onChange={(e) => edit(setReason)(e.target.value)}
          data-testid="reward-reason"
        />
        <small className="muted">{t('common.reasonHint')}</small>
      </label>
      {requestId === null ? (
        <button type="submit" data-testid="reward-review">
          {t('reward.review')}
        </button>
      ) : (
        <fieldset className="confirm">
          <legend>
            {t('reward.confirmText', {
              amount: formatLedgerAmount(amount, currentLanguage()),
              asset,
              displayId,
            })}
          </legend>
          <button
            type="button"
            disabled={credit.isPending}
            onClick={() => credit.mutate(requestId)}
            data-testid="reward-confirm"
          >
            {t('reward.confirm')}
          </button>
          <button type="button" className="secondary" onClick={() => setRequestId(null)}>
            {t('common.cancel')}
          </button>
        </fieldset>
      )}
    </form>
  );
}
