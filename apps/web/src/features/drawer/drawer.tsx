import { Button, List } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { AccountId } from '../../shared/account/account-id';
import { displayName } from '../../shared/account/display-name';
import { KycLabel } from '../../shared/account/kyc-label';
import { paths } from '../../shared/navigation/paths';
import { NoticeUnreadBadge } from '../../shared/notices/unread-notices';
import { confirmSignOut } from '../../shared/session/confirm-sign-out';
import { refreshLoginInfo } from '../../shared/session/session';
import { useSession } from '../../shared/session/use-session';
import { usePersisted } from '../../shared/storage/persisted';
import styles from './drawer.module.css';
import { drawerEntries, drawerTargets } from './drawer-entries';

/** SPEC §9: the drawer starts opening 50 ms after the tap and takes 300 ms to close. */
export const drawerOpenDelayMs = 50;
export const drawerCloseMs = 300;
export const drawerWidthPx = 300;

interface DrawerProps {
  open: boolean;
  onClose: () => void;
  /** Whether a tap on the mask closes the drawer (SPEC §2: only if allowed). */
  maskClosable?: boolean;
}

type Phase = 'hidden' | 'mounted' | 'shown' | 'closing';

/** The left drawer menu of SPEC §2. */
export function Drawer({ open, onClose, maskClosable = true }: DrawerProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { signedIn, user } = useSession();
  const loginInfo = usePersisted('loginInfo');
  const [phase, setPhase] = useState<Phase>('hidden');
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (open) {
      setPhase('mounted');
      const timer = window.setTimeout(() => setPhase('shown'), drawerOpenDelayMs);
      // Fresh name, KYC status and IPO switch at each opening; a failure leaves what is stored (SPEC §8).
      refreshLoginInfo({ silent: true }).catch(() => undefined);
      return () => window.clearTimeout(timer);
    }
    setPhase((p) => (p === 'hidden' ? p : 'closing'));
    const timer = window.setTimeout(() => setPhase('hidden'), drawerCloseMs);
    return () => window.clearTimeout(timer);
  }, [open]);

  useEffect(() => {
    // Not when the focus is already inside (a keyboard user who tabbed on while it opened).
    if (phase === 'shown' && !panelRef.current?.contains(document.activeElement)) panelRef.current?.focus();
  }, [phase]);

  if (phase === 'hidden') return null;

  const go = (to: string, isPublic = false) => {
    onClose();
    navigate(isPublic || signedIn ? to : paths.login);
  };

  return (
    <div
      className={`${styles.overlay} ${phase === 'shown' ? styles.shown : ''}`}
      style={{
        ['--pz-drawer-width' as string]: `${drawerWidthPx}px`,
        ['--pz-drawer-ms' as string]: `${drawerCloseMs}ms`,
      }}
      onKeyDown={(e) => e.key === 'Escape' && onClose()}
    >
      <div className={styles.mask} onClick={maskClosable ? onClose : undefined} data-testid="drawer-mask" />
      <div
        ref={panelRef}
        className={styles.panel}
        role="dialog"
        aria-modal="true"
        aria-label={t('drawer.title')}
        tabIndex={-1}
        data-testid="drawer"
      >
        <div className={styles.header}>
          {signedIn && user ? (
            // The whole block opens the profile for touch; the name is its keyboard-reachable button.
            <div className={styles.user} onClick={() => go(drawerTargets.userInfo)} data-testid="drawer-user">
              <button type="button" className={styles.name} data-testid="drawer-name">
                {displayName(user)}
              </button>
              {/* The label opens identity verification, not the profile around it. */}
              <button
                type="button"
                className={styles.kycLink}
                onClick={(e) => {
                  e.stopPropagation();
                  go(paths.kyc);
                }}
                aria-label={`${t('home.entry.kyc')}: ${t(`kyc.${user.idStatus}`)}`}
                data-testid="drawer-kyc-link"
              >
                <KycLabel status={user.idStatus} testId="drawer-kyc" />
              </button>
              <AccountId displayId={user.displayId} testIdPrefix="drawer" />
            </div>
          ) : (
            <button
              type="button"
              className={styles.guest}
              onClick={() => go(paths.login, true)}
              data-testid="drawer-login"
            >
              {t('account.loginRegister')}
            </button>
          )}
          <div className={styles.actions}>
            <Button size="small" onClick={() => go(drawerTargets.deposit)} data-testid="drawer-deposit">
              {t('drawer.deposit')}
            </Button>
            <Button size="small" onClick={() => go(drawerTargets.withdraw)} data-testid="drawer-withdraw">
              {t('drawer.withdraw')}
            </Button>
          </div>
        </div>
        <List className={styles.entries}>
          {drawerEntries.map((entry) => (
            <List.Item
              key={entry.key}
              onClick={() => go(entry.to, entry.public)}
              extra={
                entry.key === 'notices' ? <NoticeUnreadBadge testId="drawer-notice-unread" /> : undefined
              }
              data-testid={`drawer-entry-${entry.key}`}
            >
              {t(entry.label)}
            </List.Item>
          ))}
          {signedIn && loginInfo?.openAutoApply === 1 && (
            <List.Item onClick={() => go(drawerTargets.ipoSwitch)} data-testid="drawer-entry-ipoSwitch">
              {t('drawer.ipoSwitch')}
            </List.Item>
          )}
        </List>
        {signedIn && (
          <div className={styles.footer}>
            <Button
              block
              color="danger"
              fill="outline"
              onClick={() => {
                onClose();
                confirmSignOut();
              }}
              data-testid="drawer-sign-out"
            >
              {t('account.signOut')}
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}
