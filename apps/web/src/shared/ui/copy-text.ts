import { Toast } from 'antd-mobile';
import { i18n } from '../../i18n/i18n';

/**
 * Copies `text` and says so ("Copied"). The Clipboard API exists only on secure origins; a self-hosted
 * instance reached at http://192.168.… falls back to the selection-based copy.
 */
export async function copyText(text: string): Promise<void> {
  let copied = false;
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      copied = true;
    }
  } catch {
    copied = false;
  }
  if (!copied) copied = copyWithSelection(text);
  Toast.show({ content: i18n.t(copied ? 'common.copied' : 'common.copyFailed') });
}

function copyWithSelection(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    // Deprecated but the only synchronous copy outside secure contexts.
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}
