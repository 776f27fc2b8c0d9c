/**
 * What stands for a manager without a photo: the first letter of their first and last names, upper case
 * ("Chiara Bassi" → "CB", "Cher" → "C"), letters only, whatever the alphabet.
 */
export function initialsOf(name: string): string {
  const words = name
    .split(/\s+/)
    .map((w) => w.replace(/^[^\p{L}]+/u, ''))
    .filter((w) => w !== '');
  const first = words[0];
  const last = words.length > 1 ? words.at(-1) : undefined;
  return [first, last]
    .map((w) => (w ? [...w][0] : ''))
    .join('')
    .toLocaleUpperCase();
}
