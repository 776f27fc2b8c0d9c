import { adminFundingDeposits } from '@piazza/contract/calls/funding-admin';
import type { CallOutput } from '@piazza/contract/define';
import { useTranslation } from 'react-i18next';
import { request } from '../../shared/request';
import { DepositDetail } from './deposits-detail';
import { FundingQueue } from './funding-queue';

export type DepositRow = CallOutput<typeof adminFundingDeposits>['list'][number];

/** The finance desk's deposit queue: check the proof, then approve (posts the deposit) or reject. */
export default function DepositsScreen() {
  const { t } = useTranslation();
  return (
    <FundingQueue<DepositRow>
      kind="deposit"
      load={(params) => request(adminFundingDeposits, params)}
      via={(d) => `${d.channelName} · ${t(`channelKind.${d.kind}`)}`}
      detail={(d, onChange) => <DepositDetail deposit={d} onChange={onChange} />}
    />
  );
}
