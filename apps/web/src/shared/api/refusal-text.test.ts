import { translate } from '@piazza/contract/messages/catalogue';
import { describe, expect, it } from 'vitest';
import { isRefusalText } from './refusal-text';

describe('isRefusalText', () => {
  it('recognises the risk warning refusal in both languages, whatever the risk class', () => {
    expect(isRefusalText(translate('it-IT', 'ai.riskAck', [5]), 'ai.riskAck', 'it-IT')).toBe(true);
    expect(isRefusalText(translate('en-US', 'ai.riskAck', [4]), 'ai.riskAck', 'en-US')).toBe(true);
    expect(isRefusalText(translate('it-IT', 'fund.riskAck', [7]), 'fund.riskAck', 'it-IT')).toBe(true);
  });

  it('tells it from the other refusals and from another language', () => {
    expect(isRefusalText(translate('en-US', 'ai.refused', [6]), 'ai.riskAck', 'en-US')).toBe(false);
    expect(isRefusalText(translate('it-IT', 'ai.riskAck', [5]), 'ai.riskAck', 'en-US')).toBe(false);
    expect(isRefusalText('anything', 'no.such.key', 'en-US')).toBe(false);
    expect(isRefusalText(translate('en-US', 'fund.marketClosed'), 'fund.riskAck', 'en-US')).toBe(false);
  });
});
