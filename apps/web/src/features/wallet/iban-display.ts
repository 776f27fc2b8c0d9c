/** An IBAN in its print format, groups of four ('IT60X0542811101000000123456' → 'IT60 X054 2811 …'). */
export function ibanForDisplay(iban: string): string {
  return iban
    .replace(/\s+/g, '')
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, '$1 ');
}
