import { apiBase } from '../../shared/api/request';
import { readPersisted } from '../../shared/storage/persisted';

/**
 * A stored document's bytes as a local object URL. Documents are served only with the owner's token in a
 * header (never by a bare link another person could open), so an <img> cannot load them itself.
 */
export async function fetchDocumentUrl(url: string): Promise<string> {
  // The server names the path under its own base; the app may reach that base at another origin.
  const serverBase = '/ipcg-api';
  const absolute = url.startsWith(serverBase) ? apiBase + url.slice(serverBase.length) : url;
  const res = await fetch(absolute, { headers: { 'access-token': readPersisted('userToken') } });
  if (!res.ok) throw new Error(`document HTTP ${res.status}`);
  return URL.createObjectURL(await res.blob());
}
