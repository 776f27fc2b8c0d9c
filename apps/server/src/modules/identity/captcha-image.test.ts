import { describe, expect, it } from 'vitest';
import { captchaAlphabet, captchaLength, randomCaptchaAnswer, renderCaptchaSvg } from './captcha-image';

describe('the captcha image', () => {
  it('draws every character of the alphabet', () => {
    for (const char of captchaAlphabet)
      expect(() => renderCaptchaSvg(char.repeat(captchaLength))).not.toThrow();
  });

  it('draws answers from the alphabet only', () => {
    for (let i = 0; i < 50; i++) {
      expect(randomCaptchaAnswer()).toMatch(new RegExp(`^[${captchaAlphabet}]{${captchaLength}}$`));
    }
  });

  it('draws the same answer differently each time', () => {
    expect(renderCaptchaSvg('ACE34')).not.toBe(renderCaptchaSvg('ACE34'));
  });
});
