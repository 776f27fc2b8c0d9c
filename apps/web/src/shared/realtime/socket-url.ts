/**
 * The WebSocket address for an API base (as the request wrapper resolves it) on a page at `pageHref`: the
 * base's own origin and path with ws:// or wss:// and `/ws`. '/ipcg-api' on https://localhost:8443/… gives
 * wss://localhost:8443/ipcg-api/ws; https://api.example.com/ipcg-api gives wss://api.example.com/ipcg-api/ws.
 */
export function socketUrl(apiBase: string, pageHref: string): string {
  const url = new URL(apiBase, pageHref);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/ws`;
  url.search = '';
  url.hash = '';
  return url.toString();
}
