import { Dialog } from 'antd-mobile';
import { i18n } from '../../i18n/i18n';

/** Asks before removing a bound account or address; resolves true when the person confirms. */
export function confirmDelete(what: string): Promise<boolean> {
  return Dialog.confirm({
    content: i18n.t('wallet.deleteConfirm', { 0: what }),
    confirmText: i18n.t('wallet.delete'),
    cancelText: i18n.t('common.cancel'),
  });
}
