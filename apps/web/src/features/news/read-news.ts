import { z } from 'zod';
import { readPersisted, usePersisted, writePersisted } from '../../shared/storage/persisted';

/*
 * `newsData` (SPEC §3): the ids of the articles this device has opened, newest first, so the list can show
 * which are read. Signing out forgets it, as the key's rule says.
 */

const readIdsMax = 200;
const readIds = z.object({ read: z.array(z.number().int()) });

function idsOf(value: unknown): number[] {
  const parsed = readIds.safeParse(value);
  return parsed.success ? parsed.data.read : [];
}

export function markRead(id: number): void {
  const ids = idsOf(readPersisted('newsData'));
  if (ids[0] === id) return;
  writePersisted('newsData', { read: [id, ...ids.filter((x) => x !== id)].slice(0, readIdsMax) });
}

export function useReadNews(): ReadonlySet<number> {
  return new Set(idsOf(usePersisted('newsData')));
}
