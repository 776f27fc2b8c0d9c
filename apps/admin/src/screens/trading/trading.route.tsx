import { adminTradingSettings, adminTradingSettingsSave } from '@piazza/contract/calls/trading-admin';
import type { CallOutput } from '@piazza/contract/define';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../i18n/en-US';
import { can } from '../../shared/can';
import { formatTime } from '../../shared/format';
import { showNotice } from '../../shared/notices';
import { NumberInput } from '../../shared/number-input';
import { request } from '../../shared/request';
import { useMe } from '../../shared/use-me';

type Settings = CallOutput<typeof adminTradingSettings>['list'][number];

const draftOf = (s: Settings) => ({
  rateBp: String(s.fee.rateBp),
  perShare: s.fee.perShare ?? '',
  minimum: s.fee.minimum,
  maximum: s.fee.maximum ?? '',
  buyQuantityMin: s.buy.quantityMin ?? '',
  buyQuantityMax: s.buy.quantityMax ?? '',
  buyAmountMin: s.buy.amountMin ?? '',
  buyAmountMax: s.buy.amountMax ?? '',
  sellQuantityMin: s.sell.quantityMin ?? '',
  sellQuantityMax: s.sell.quantityMax ?? '',
  settlementDays: String(s.settlementDays),
  leverageShare: String(s.leverage.share ?? ''),
  leverageMajorIndex: String(s.leverage.majorIndex ?? ''),
  leverageOtherIndex: String(s.leverage.otherIndex ?? ''),
  optionAmountMin: s.optionAmountMin ?? '',
  leverageCrypto: String(s.leverage.crypto ?? ''),
  perpetualFeeBp: String(s.perpetual?.feeRateBp ?? ''),
  perpetualMaintenanceBp: String(s.perpetual?.maintenanceRateBp ?? ''),
  perpetualMarginMin: s.perpetual?.marginMin ?? '',
});
type Draft = ReturnType<typeof draftOf>;
type Field = keyof Draft;

/** Fields typed as whole numbers (basis points, days, n:1 caps). */
const wholeNumbers: ReadonlySet<Field> = new Set([
  'rateBp',
  'settlementDays',
  'leverageShare',
  'leverageMajorIndex',
  'leverageOtherIndex',
  'leverageCrypto',
  'perpetualFeeBp',
  'perpetualMaintenanceBp',
]);

/**
 * The form's rows: the fee schedule, the bounds of a buy, of a sale, and settlement; then the leverage caps
 * and terms of the market's own products (decision 021): contracts and options on a stock market,
 * perpetuals on CRYPTO.
 */
const groups: {
  title: MessageKey;
  only?: 'stock' | 'crypto';
  fields: { key: Field; label: MessageKey; money?: boolean }[];
}[] = [
  {
    title: 'tradingSettings.fee',
    fields: [
      { key: 'rateBp', label: 'tradingSettings.rateBp' },
      { key: 'perShare', label: 'tradingSettings.perShare', money: true },
      { key: 'minimum', label: 'tradingSettings.minimum', money: true },
      { key: 'maximum', label: 'tradingSettings.maximum', money: true },
    ],
  },
  {
    title: 'tradingSettings.buy',
    fields: [
      { key: 'buyQuantityMin', label: 'tradingSettings.quantityMin' },
      { key: 'buyQuantityMax', label: 'tradingSettings.quantityMax' },
      { key: 'buyAmountMin', label: 'tradingSettings.amountMin', money: true },
      { key: 'buyAmountMax', label: 'tradingSettings.amountMax', money: true },
    ],
  },
  {
    title: 'tradingSettings.sell',
    fields: [
      { key: 'sellQuantityMin', label: 'tradingSettings.quantityMin' },
      { key: 'sellQuantityMax', label: 'tradingSettings.quantityMax' },
      { key: 'settlementDays', label: 'tradingSettings.settlementDays' },
    ],
  },
  {
    title: 'tradingSettings.contracts',
    only: 'stock',
    fields: [
      { key: 'leverageShare', label: 'tradingSettings.leverageShare' },
      { key: 'leverageMajorIndex', label: 'tradingSettings.leverageMajorIndex' },
      { key: 'leverageOtherIndex', label: 'tradingSettings.leverageOtherIndex' },
      { key: 'optionAmountMin', label: 'tradingSettings.optionAmountMin', money: true },
    ],
  },
  {
    title: 'tradingSettings.perpetuals',
    only: 'crypto',
    fields: [
      { key: 'leverageCrypto', label: 'tradingSettings.leverageCrypto' },
      { key: 'perpetualFeeBp', label: 'tradingSettings.perpetualFeeBp' },
      { key: 'perpetualMaintenanceBp', label: 'tradingSettings.perpetualMaintenanceBp' },
      { key: 'perpetualMarginMin', label: 'tradingSettings.perpetualMarginMin', money: true },
    ],
  },
];

/** One market's settings; the operator who may save them edits them in place. */
function MarketForm({
  settings,
  mayEdit,
  onSaved,
}: {
  settings: Settings;
  mayEdit: boolean;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const [d, setDraft] = useState<Draft>(() => draftOf(settings));
  const save = useMutation({
    mutationFn: () => request(adminTradingSettingsSave, { market: settings.market, ...d }),
    onSuccess: (saved) => {
      setDraft(draftOf(saved));
      showNotice('success', t('tradingSettings.saved', { market: t(`market.${saved.market}`) }));
      onSaved();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  const id = `market-${settings.market}`;
  const kind = settings.market === 'CRYPTO' ? 'crypto' : 'stock';

  return (
    <form className="card funding-form" onSubmit={submit} aria-labelledby={id} data-testid={id}>
      <h2 id={id}>
        {t(`market.${settings.market}`)} · {settings.currency}
      </h2>
      <p className="muted">{t('tradingSettings.updated', { time: formatTime(settings.updatedAt, '') })}</p>
      {groups
        .filter((g) => g.only === undefined || g.only === kind)
        .map((g) => (
          <fieldset key={g.title} className="row">
            <legend>{t(g.title)}</legend>
            {g.fields.map((f) => (
              <label key={f.key}>
                <span>
                  {t(f.label)}
                  {f.money ? ` (${settings.currency})` : ''}
                </span>
                <NumberInput
                  scale={wholeNumbers.has(f.key) ? 0 : undefined}
                  value={d[f.key]}
                  readOnly={!mayEdit}
                  onChange={(wire) => setDraft((p) => ({ ...p, [f.key]: wire }))}
                  testId={`${id}-${f.key}`}
                />
              </label>
            ))}
          </fieldset>
        ))}
      {mayEdit && (
        <div className="row end">
          <button type="submit" disabled={save.isPending} data-testid={`${id}-save`}>
            {t('common.save')}
          </button>
        </div>
      )}
    </form>
  );
}

/** Fees, order bounds and settlement per market: what every order placed there is charged and held to. */
export default function TradingSettingsScreen() {
  const { t } = useTranslation();
  const role = useMe().data?.operator.role;
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: ['trading-settings'],
    queryFn: () => request(adminTradingSettings, {}),
  });
  const mayEdit = can(role, adminTradingSettingsSave);

  return (
    <section aria-labelledby="trading-settings-title">
      <h1 id="trading-settings-title">{t('tradingSettings.title')}</h1>
      <p className="muted">{t('tradingSettings.hint')}</p>
      {settings.isPending && <p className="muted">{t('common.loading')}</p>}
      {settings.data?.list.map((s) => (
        <MarketForm
          key={`${s.market}-${s.updatedAt}`}
          settings={s}
          mayEdit={mayEdit}
          onSaved={() => void queryClient.invalidateQueries({ queryKey: ['trading-settings'] })}
        />
      ))}
    </section>
  );
}
