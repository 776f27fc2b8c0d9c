/** The operator-authored texts the apps read with GET /common/prop, each kept in both languages. */
export const contentKeys = [
  'companyIntroduction',
  'privacyPolicy',
  'disclaimer',
  'about',
  'loanService',
  'accessibility',
] as const;
export type ContentKey = (typeof contentKeys)[number];

export function isContentKey(key: string): key is ContentKey {
  return (contentKeys as readonly string[]).includes(key);
}
