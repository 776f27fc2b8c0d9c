/** The greeting for the hour of the day on the user's clock: morning 5–12, afternoon 12–18, evening after. */
export function greetingKey(
  hour: number,
): 'home.greeting.morning' | 'home.greeting.afternoon' | 'home.greeting.evening' {
  if (hour >= 5 && hour < 12) return 'home.greeting.morning';
  if (hour >= 12 && hour < 18) return 'home.greeting.afternoon';
  return 'home.greeting.evening';
}
