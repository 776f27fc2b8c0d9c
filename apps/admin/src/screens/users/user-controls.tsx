import {
  adminCreditScore,
  adminHniDecide,
  adminLoanLimit,
  adminOpenAutoApply,
  adminUserControls,
  adminVipStrategy,
} from '@piazza/contract/calls/admin-kyc';
import type { CallOutput, OperatorRole } from '@piazza/contract/define';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { can } from '../../shared/can';
import { request } from '../../shared/request';
import { CreditScoreForm } from './user-credit-score-form';
import { HniForm } from './user-hni-form';
import { LoanLimitForm } from './user-loan-limit-form';
import { UserSwitch } from './user-switch';

export type Controls = CallOutput<typeof adminUserControls>;

/**
 * The investor's controls on the user screen: each card only for the roles the server accepts its call from,
 * and every change answers the new controls, which replace what is shown.
 */
export function UserControls({ userId, role }: { userId: number; role: OperatorRole | undefined }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const key = ['user-controls', userId];
  const controls = useQuery({
    queryKey: key,
    queryFn: () => request(adminUserControls, { id: userId }),
    enabled: can(role, adminUserControls),
  });
  const changed = (next: Controls) => {
    queryClient.setQueryData(key, next);
    void queryClient.invalidateQueries({ queryKey: ['user', userId] });
  };

  if (!can(role, adminUserControls)) return null;
  if (!controls.data) {
    return controls.isPending ? <p className="muted">{t('common.loading')}</p> : null;
  }
  const c = controls.data;
  return (
    <>
      <CreditScoreForm controls={c} onChanged={changed} readOnly={!can(role, adminCreditScore)} />
      <HniForm controls={c} onChanged={changed} canDecide={can(role, adminHniDecide)} />
      {can(role, adminLoanLimit) && <LoanLimitForm controls={c} onChanged={changed} />}
      <article className="card" aria-labelledby="switches-title">
        <h2 id="switches-title">{t('switches.title')}</h2>
        <UserSwitch
          call={adminVipStrategy}
          userId={userId}
          on={c.vipStrategy === 1}
          label="switches.vipStrategy"
          hint="switches.vipStrategyHint"
          testId="vip-strategy"
          editable={can(role, adminVipStrategy)}
          onChanged={changed}
        />
        <UserSwitch
          call={adminOpenAutoApply}
          userId={userId}
          on={c.openAutoApply === 1}
          label="switches.autoApply"
          hint="switches.autoApplyHint"
          testId="auto-apply"
          editable={can(role, adminOpenAutoApply)}
          onChanged={changed}
        />
      </article>
    </>
  );
}
