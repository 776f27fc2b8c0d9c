/**
 * ISIN (ISO 6166): two letters of country, nine characters of national code, one check digit. The check
 * digit is the Luhn digit of the first eleven characters with each letter read as two digits (A = 10 … Z = 35).
 */
export function isinCheckDigit(first11: string): number {
  const digits = [...first11].map((c) => (/\d/.test(c) ? c : String(c.charCodeAt(0) - 55))).join('');
  let sum = 0;
  // Luhn: from the right, every other digit is doubled, starting with the rightmost of the payload.
  for (let i = digits.length - 1, double = true; i >= 0; i--, double = !double) {
    let d = Number(digits[i]);
    if (double) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** True when `isin` is well formed and its check digit is right. */
export function isValidIsin(isin: string): boolean {
  if (!/^[A-Z]{2}[A-Z0-9]{9}\d$/.test(isin)) return false;
  return isinCheckDigit(isin.slice(0, 11)) === Number(isin[11]);
}
