import { describe, expect, it } from 'vitest';
import { createMarketService } from '../market/market-service';
import { createSimulator } from '../market/sim/simulator';
import { eni } from '../market/sim/simulator-fixtures';
import { liveSourceOf } from './market-live-source';

// Tuesday 1 December 2026, 10:00 in Milan: the new share's first session.
const clock = { now: () => Date.parse('2026-12-01T09:00:00Z') };

describe('the live source', () => {
  it('publishes a share listed after it was made', async () => {
    const sim = createSimulator({ seed: 'piazza', instruments: [eni], clock });
    const market = createMarketService({ instruments: [eni], feeds: [sim], clock });
    const source = liveSourceOf(market);
    expect(source.symbols()).toEqual(['ENI.MI']);
    market.add({ ...eni, symbol: 'NEWCO.MI', anchorPrice: 10_000n, firstDay: '2026-12-01' });
    expect(source.symbols()).toEqual(['ENI.MI', 'NEWCO.MI']);
    expect(source.has('NEWCO.MI')).toBe(true);
    expect((await source.quote('NEWCO.MI', clock.now())).status).toBe('open');
  });
});
