import { Dialog } from 'antd-mobile';
import { i18n } from '../../i18n/i18n';
import { signOut } from './session';

/** Asks "Are you sure to Sign out?" (SPEC §2) and signs out on confirmation. */
export function confirmSignOut(): void {
  void Dialog.confirm({
    content: i18n.t('account.signOutConfirm'),
    confirmText: i18n.t('common.confirm'),
    cancelText: i18n.t('common.cancel'),
    onConfirm: signOut,
  });
}
