import { adminFundingExchangeConfig, adminFundingExchangeSave } from '@piazza/contract/calls/funding-admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '../../shared/can';
import { showNotice } from '../../shared/notices';
import { NumberInput } from '../../shared/number-input';
import { request } from '../../shared/request';
import { useMe } from '../../shared/use-me';

/** The exchange's spread over the market rate, and how long a quote the investor sees stays valid. */
export function ExchangeSettings() {
  const { t } = useTranslation();
  const role = useMe().data?.operator.role;
  const queryClient = useQueryClient();
  const config = useQuery({
    queryKey: ['exchange-config'],
    queryFn: () => request(adminFundingExchangeConfig, {}),
  });
  const [spread, setSpread] = useState('');
  useEffect(() => {
    if (config.data) setSpread(String(config.data.spreadBp));
  }, [config.data]);
  const save = useMutation({
    mutationFn: () => request(adminFundingExchangeSave, { spreadBp: spread }),
    onSuccess: (saved) => {
      showNotice('success', t('exchange.saved', { spread: saved.spreadBp }));
      void queryClient.invalidateQueries({ queryKey: ['exchange-config'] });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  const mayEdit = can(role, adminFundingExchangeSave);

  return (
    <form className="card funding-form" onSubmit={submit} aria-labelledby="exchange-title">
      <h2 id="exchange-title">{t('exchange.title')}</h2>
      {config.data && (
        <p className="muted" data-testid="exchange-ttl">
          {t('exchange.ttl', { seconds: Math.round(config.data.quoteTtlMs / 1000) })}
        </p>
      )}
      <div className="row">
        <label className="short">
          <span>{t('exchange.spread')}</span>
          <NumberInput
            scale={0}
            value={spread}
            readOnly={!mayEdit}
            onChange={setSpread}
            testId="exchange-spread"
          />
          <small className="muted">{t('exchange.spreadHint')}</small>
        </label>
        {mayEdit && (
          <button type="submit" disabled={save.isPending || !config.data} data-testid="exchange-save">
            {t('common.save')}
          </button>
        )}
      </div>
    </form>
  );
}
