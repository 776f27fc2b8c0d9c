import { documentFilePath } from '@piazza/contract/calls/documents-shapes';
import { apiBase } from '../../shared/api/request';
import { readPersisted } from '../../shared/storage/persisted';

/**
 * Saves a document's PDF or CSV. The bytes are served only with the owner's token in a header (never by a bare
 * link another person could open), so the app fetches them and hands the browser a local file to save.
 */
export async function downloadDocument(id: string, format: 'pdf' | 'csv', fileName: string): Promise<void> {
  const query = new URLSearchParams({ id, format }).toString();
  const res = await fetch(`${apiBase}${documentFilePath}?${query}`, {
    headers: { 'access-token': readPersisted('userToken'), 'Accept-Language': readPersisted('lang') },
  });
  if (!res.ok) throw new Error(`document HTTP ${res.status}`);
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the URL is not needed after.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
