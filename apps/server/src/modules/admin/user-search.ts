import { displayIdPrefix } from '@piazza/core/display-id';

/** The user id an operator's search names, typed as the bare id (`42`) or as the investor sees it. */
export function userIdFromSearch(text: string): number | undefined {
  const match = new RegExp(`^(?:${displayIdPrefix})?(\\d{1,9})$`, 'i').exec(text.trim());
  return match ? Number(match[1]) : undefined;
}
