let loadedUrl: string | undefined;

/**
 * Loads the operator's online customer-service script once (SPEC §7: login-info's serviceSaleSmartly).
 * Only http(s) addresses are accepted; anything else is ignored rather than run.
 */
export function loadServiceScript(url: string): void {
  if (!url || url === loadedUrl) return;
  let parsed: URL;
  try {
    parsed = new URL(url, window.location.href);
  } catch {
    return;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return;
  loadedUrl = url;
  const script = document.createElement('script');
  script.src = parsed.href;
  script.async = true;
  document.head.appendChild(script);
}
