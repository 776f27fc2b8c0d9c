import { Avatar, Button, List } from 'antd-mobile';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { DrawerButton } from '../../features/drawer/drawer-button';
import type { MessageKey } from '../../i18n/it-IT';
import { AccountId } from '../../shared/account/account-id';
import { displayName } from '../../shared/account/display-name';
import { KycLabel } from '../../shared/account/kyc-label';
import { paths } from '../../shared/navigation/paths';
import { confirmSignOut } from '../../shared/session/confirm-sign-out';
import { refreshLoginInfo } from '../../shared/session/session';
import { useSession } from '../../shared/session/use-session';
import { Page } from '../../shared/ui/page';
import styles from './mine.module.css';

const menu: readonly { key: string; label: MessageKey; to: string; needsLogin: boolean }[] = [
  { key: 'userInfo', label: 'mine.userInfo', to: paths.userInfo, needsLogin: true },
  { key: 'kyc', label: 'mine.kyc', to: paths.kyc, needsLogin: true },
  { key: 'security', label: 'mine.security', to: paths.security, needsLogin: true },
  { key: 'assets', label: 'mine.assets', to: paths.assets, needsLogin: true },
  { key: 'lang', label: 'mine.lang', to: paths.lang, needsLogin: false },
  { key: 'about', label: 'mine.about', to: paths.about, needsLogin: false },
  {
    key: 'companyIntroduction',
    label: 'mine.companyIntroduction',
    to: paths.companyIntroduction,
    needsLogin: false,
  },
  { key: 'privacyPolicy', label: 'mine.privacyPolicy', to: paths.privacyPolicy, needsLogin: false },
  { key: 'disclaimer', label: 'mine.disclaimer', to: paths.disclaimer, needsLogin: false },
];

/** The My Account tab: who is signed in (name, id with copy, KYC) and the account menu. */
export default function Mine() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { signedIn, user } = useSession();

  useEffect(() => {
    refreshLoginInfo({ silent: true }).catch(() => undefined);
  }, []);

  return (
    <Page title={t('mine.title')} left={<DrawerButton />}>
      {signedIn && user ? (
        // The whole block opens the profile for touch; the name is its keyboard-reachable button.
        <div className={styles.header} onClick={() => navigate(paths.userInfo)} data-testid="mine-user">
          <Avatar src="" style={{ '--size': '56px', '--border-radius': '50%' }} />
          <div className={styles.who}>
            <button type="button" className={styles.name} data-testid="mine-name">
              {displayName(user)}
            </button>
            {/* The label opens identity verification, not the profile around it. */}
            <button
              type="button"
              className={styles.kycLink}
              onClick={(e) => {
                e.stopPropagation();
                navigate(paths.kyc);
              }}
              aria-label={`${t('mine.kyc')}: ${t(`kyc.${user.idStatus}`)}`}
              data-testid="mine-kyc-link"
            >
              <KycLabel status={user.idStatus} testId="mine-kyc" />
            </button>
            <AccountId displayId={user.displayId} testIdPrefix="mine" />
          </div>
        </div>
      ) : (
        <div className={styles.header}>
          <Avatar src="" style={{ '--size': '56px', '--border-radius': '50%' }} />
          <div className={styles.who}>
            <span className={styles.name}>{t('mine.guest')}</span>
            <Button size="small" onClick={() => navigate(paths.login)} data-testid="mine-login">
              {t('account.loginRegister')}
            </Button>
          </div>
        </div>
      )}
      <List className={styles.list}>
        {menu.map((item) => (
          <List.Item
            key={item.key}
            onClick={() => navigate(item.needsLogin && !signedIn ? paths.login : item.to)}
            data-testid={`mine-menu-${item.key}`}
          >
            {t(item.label)}
          </List.Item>
        ))}
      </List>
      {signedIn && (
        <Button block color="danger" fill="outline" onClick={confirmSignOut} data-testid="mine-sign-out">
          {t('account.signOut')}
        </Button>
      )}
    </Page>
  );
}
