import { formatDate } from '@piazza/core/format-date';

/** The savings plan pages (issue 20): the list, the editor (a new plan or a change) and a plan's history. */
export const planPaths = {
  list: '/pages/plan/list',
  edit: '/pages/plan/edit',
  detail: '/pages/plan/detail',
} as const;

export const planDetailPath = (id: number) => `${planPaths.detail}?id=${id}`;
export const newPlanPath = (symbol: string) => `${planPaths.edit}?symbol=${encodeURIComponent(symbol)}`;
export const changePlanPath = (id: number) => `${planPaths.edit}?id=${id}`;

/** A wire calendar date ("2026-12-23") as the app writes days (SPEC §9): 23-12-2026. */
export function dayText(iso: string): string {
  // Noon UTC is the same calendar day in Rome, whatever the season.
  const ms = Date.parse(`${iso}T12:00:00Z`);
  return Number.isFinite(ms) ? formatDate(ms) : iso;
}
