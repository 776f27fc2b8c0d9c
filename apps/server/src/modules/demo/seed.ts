import type { Services } from '../../services';

/** Demo mode's content: the demo investor with credited balances and a demo operator (README). */
export async function seedDemo(_services: Services): Promise<void> {}
