import type { FundingState } from '@piazza/contract/enums';
import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

const colors: Record<FundingState, string> = {
  review: 'warning',
  processing: 'primary',
  success: 'success',
  fail: 'danger',
};

/** The state of a deposit or a withdrawal (SPEC §4): under review, in progress, success, fail. */
export function FundingStateTag({ state, testId }: { state: FundingState; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={colors[state]} fill="outline" data-testid={testId} data-state={state}>
      {t(`funding.state.${state}`)}
    </Tag>
  );
}
