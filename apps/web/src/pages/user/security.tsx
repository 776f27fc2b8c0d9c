import { List, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { CreditScoreValue } from '../../features/lending/credit-score-value';
import { EmailBindPopup } from '../../features/security/email-bind-popup';
import { SessionsPopup } from '../../features/security/sessions-popup';
import { TwoFactorPopup } from '../../features/security/two-factor-popup';
import { useSecurityOverview } from '../../features/security/use-security-overview';
import { KycLabel } from '../../shared/account/kyc-label';
import { paths } from '../../shared/navigation/paths';
import { RequireSession } from '../../shared/session/require-session';
import { usePersisted } from '../../shared/storage/persisted';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Page } from '../../shared/ui/page';
import styles from './user.module.css';

type Panel = 'email' | 'sessions' | 'totp';
type PinSummary = { set: boolean; lockedSeconds: number };

/**
 * The security centre: login, transaction and withdrawal passwords, email, signed-in devices, two-factor
 * login, identity verification, and the profile's credit score and IPO switch.
 */
export default function Security() {
  const { t } = useTranslation();
  return (
    <Page title={t('security.title')}>
      <RequireSession>{(user) => <Entries idStatus={user.idStatus} />}</RequireSession>
    </Page>
  );
}

function Entries({ idStatus }: { idStatus: Parameters<typeof KycLabel>[0]['status'] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const overview = useSecurityOverview();
  const loginInfo = usePersisted('loginInfo');
  const [panel, setPanel] = useState<Panel | null>(null);

  if (overview.isPending) return <Skeleton.Paragraph lineCount={8} animated />;
  if (overview.isError) return <LoadFailed onRetry={() => void overview.refetch()} />;
  const o = overview.data;
  const pinState = (pin: PinSummary) =>
    t(pin.lockedSeconds > 0 ? 'sec.state.locked' : pin.set ? 'sec.state.set' : 'sec.state.notSet');

  return (
    <>
      <List className={styles.list}>
        <List.Item
          onClick={() => navigate(paths.loginPassword)}
          extra={t('security.loginPasswordHint')}
          data-testid="security-login-password"
        >
          {t('security.loginPassword')}
        </List.Item>
        <List.Item
          onClick={() => navigate('/pages/user/tradePassword?type=trade')}
          extra={<span data-testid="security-trade-state">{pinState(o.trade)}</span>}
          data-testid="security-trade-password"
        >
          {t('security.tradePassword')}
        </List.Item>
        <List.Item
          onClick={() => navigate('/pages/user/tradePassword?type=withdraw')}
          extra={<span data-testid="security-withdraw-state">{pinState(o.withdraw)}</span>}
          data-testid="security-withdraw-password"
        >
          {t('sec.withdrawPassword')}
        </List.Item>
      </List>
      <List className={styles.list}>
        <List.Item
          onClick={() => setPanel('email')}
          extra={<span className={styles.value}>{o.email ?? t('sec.email.notBound')}</span>}
          data-testid="security-email"
        >
          {t('sec.email')}
        </List.Item>
        <List.Item onClick={() => setPanel('sessions')} data-testid="security-sessions">
          {t('sec.sessions')}
        </List.Item>
        <List.Item
          onClick={() => setPanel('totp')}
          extra={<span data-testid="security-totp-state">{t(o.totp ? 'sec.on' : 'sec.off')}</span>}
          data-testid="security-totp"
        >
          {t('sec.twoFactor')}
        </List.Item>
      </List>
      <List className={styles.list}>
        <List.Item
          onClick={() => navigate(paths.kyc)}
          extra={<KycLabel status={idStatus} />}
          data-testid="security-kyc"
        >
          {t('security.kyc')}
        </List.Item>
        <List.Item
          onClick={() => navigate('/pages/user/creditScore')}
          extra={<CreditScoreValue className={styles.value} />}
          data-testid="security-credit-score"
        >
          {t('sec.creditScore')}
        </List.Item>
        {(o.openAutoApply === 1 || loginInfo?.openAutoApply === 1) && (
          <List.Item
            onClick={() => navigate('/pages/user/ipoSwitch')}
            extra={t(o.autoApply === 1 ? 'sec.on' : 'sec.off')}
            data-testid="security-ipo-switch"
          >
            {t('sec.ipoSwitch')}
          </List.Item>
        )}
      </List>
      <EmailBindPopup visible={panel === 'email'} current={o.email} onClose={() => setPanel(null)} />
      <SessionsPopup visible={panel === 'sessions'} onClose={() => setPanel(null)} />
      <TwoFactorPopup visible={panel === 'totp'} enabled={o.totp} onClose={() => setPanel(null)} />
    </>
  );
}
