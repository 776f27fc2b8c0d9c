import type { coinInfos } from '@piazza/contract/calls/market';
import type { CallOutput } from '@piazza/contract/define';
import { Picker } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

type Pair = CallOutput<typeof coinInfos>['list'][number];

/** The wheel of USDT pairs (BTC/USDT · Bitcoin…) the spot and contract tabs open from their pair button. */
export function PairPicker({
  pairs,
  value,
  visible,
  title,
  onClose,
  onPick,
}: {
  pairs: readonly Pair[];
  value: string;
  visible: boolean;
  title: string;
  onClose: () => void;
  onPick: (symbol: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Picker
      columns={[pairs.map((p) => ({ label: `${p.baseAsset}/${p.currency} · ${p.name}`, value: p.symbol }))]}
      value={[value]}
      visible={visible}
      title={title}
      confirmText={t('common.confirm')}
      cancelText={t('common.cancel')}
      onClose={onClose}
      onConfirm={(picked) => {
        if (typeof picked[0] === 'string') onPick(picked[0]);
      }}
    />
  );
}
