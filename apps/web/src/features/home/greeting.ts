type Part = 'morning' | 'afternoon' | 'evening';
export type GreetingKey = `home.greeting.${Part}` | `home.greeting.${Part}.plain`;

/**
 * The greeting for the hour of the day on the user's clock (morning 5–12, afternoon 12–18, evening after),
 * with the name the investor chose for themselves, or none: an e-mail address or a phone number is an
 * account, not a name to be greeted by.
 */
export function greeting(
  hour: number,
  nickname: string | null | undefined,
): { key: GreetingKey; name: string } {
  const part: Part = hour >= 5 && hour < 12 ? 'morning' : hour >= 12 && hour < 18 ? 'afternoon' : 'evening';
  const name = nickname?.trim() ?? '';
  return name ? { key: `home.greeting.${part}`, name } : { key: `home.greeting.${part}.plain`, name: '' };
}
