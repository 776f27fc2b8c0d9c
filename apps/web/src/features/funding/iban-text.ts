/*
 * IBANs as people read them. The wire carries the electronic form (no spaces); what is copied stays so.
 */

/** An IBAN as it is printed on paper, in groups of four: 'IT60 X054 2811 …'. */
export function groupIban(iban: string): string {
  return iban.replace(/(.{4})(?=.)/g, '$1 ');
}

/** 'IT51 … 2854': enough of an IBAN to recognise one's own account on a screen others may see. */
export function maskIban(iban: string): string {
  return iban.length > 8 ? `${iban.slice(0, 4)} … ${iban.slice(-4)}` : iban;
}
