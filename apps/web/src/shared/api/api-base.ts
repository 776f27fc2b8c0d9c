/** Where the API lives, as SPEC §7 and DESIGN §3 decide it. */
export const apiPrefix = '/ipcg-api';

interface PageLocation {
  protocol: string;
  hostname: string;
}

function isLocalOrAddress(hostname: string): boolean {
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) return true;
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(hostname)) return true;
  // IPv6 literals come bracketed in URLs and always contain colons.
  if (hostname.includes(':')) return true;
  // A single-label name (a container or intranet host) has no "last two labels" to build on.
  return !hostname.includes('.');
}

/**
 * The API base for a page at `location`. With an explicit base (VITE_API_BASE at build time) that base; on
 * localhost or an IP address the same origin; on a domain name the page's scheme, `api.` and the last two
 * labels of the host (app.example.com → https://api.example.com/ipcg-api).
 */
export function resolveApiBase(location: PageLocation, explicitBase?: string): string {
  const explicit = explicitBase?.trim();
  if (explicit) return explicit.replace(/\/+$/, '');
  if (isLocalOrAddress(location.hostname)) return apiPrefix;
  const lastTwo = location.hostname.split('.').slice(-2).join('.');
  return `${location.protocol}//api.${lastTwo}${apiPrefix}`;
}
