import type { IdStatus } from '@piazza/contract/enums';
import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

// Solid tags: they sit on the blue headers of the drawer and the account page as well as on white lists.
const colors: Record<IdStatus, string> = {
  none: '#6b6b70',
  pending: 'warning',
  succ: 'success',
  fail: 'danger',
};

/** The KYC status as SPEC §4 names it: Not verified, Under review, Verified, Authentication failed. */
export function KycLabel({ status, testId }: { status: IdStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={colors[status]} fill="solid" data-testid={testId}>
      {t(`kyc.${status}`)}
    </Tag>
  );
}
