/** The fixed prefix the apps put before a user's numeric id (SPEC.md §2, the drawer header). */
export const displayIdPrefix = 'IN365201820';

/** The id a user sees and copies: the prefix then the numeric id, 42 → 'IN36520182042'. */
export function displayUserId(id: number | bigint): string {
  if (typeof id === 'number' ? !Number.isSafeInteger(id) || id < 0 : id < 0n) {
    throw new RangeError(`a user id is a non-negative integer, not ${id}`);
  }
  return displayIdPrefix + id.toString();
}
