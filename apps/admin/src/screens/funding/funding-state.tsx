import { type FundingState, fundingStates } from '@piazza/contract/enums';
import { useTranslation } from 'react-i18next';

/** The queue's default view: what still needs an operator (the server's default when no state is sent). */
export const waitingStates: readonly FundingState[] = ['review', 'processing'];

const badgeClass: Record<FundingState, string> = {
  review: 'badge-wait',
  processing: 'badge-busy',
  success: 'badge-ok',
  fail: 'badge-off',
};

export function FundingStateBadge({ state }: { state: FundingState }) {
  const { t } = useTranslation();
  return <span className={`badge ${badgeClass[state]}`}>{t(`fundingState.${state}`)}</span>;
}

/** The state filter of a queue: '' is the waiting ones, else one state. */
export function FundingStateSelect({
  value,
  onChange,
  testId,
}: {
  value: string;
  onChange(state: string): void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <label>
      <span>{t('funding.state')}</span>
      <select value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
        <option value="">{t('fundingState.waiting')}</option>
        {fundingStates.map((s) => (
          <option key={s} value={s}>
            {t(`fundingState.${s}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Whether a state value from the address is one the server knows. */
export function asFundingState(value: string): FundingState | undefined {
  return fundingStates.find((s) => s === value);
}
