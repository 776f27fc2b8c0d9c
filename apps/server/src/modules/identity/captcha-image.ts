import { randomInt } from 'node:crypto';

/**
 * Characters no one confuses with another once drawn: no 0/O/D/Q, 1/I/L, 2/Z, 5/S, 8/B, G, U/V.
 * Answers are compared upper-case, so people may type them in either case.
 */
export const captchaAlphabet = 'ACEFHJKMNPRTWXY34679';
export const captchaLength = 5;

/*
 * A stroke font on a 10 × 14 grid, each glyph an SVG path. Glyphs are drawn as paths rather than <text>, so
 * the answer is not sitting in the SVG as characters and the image looks the same whatever fonts the
 * browser has.
 */
const glyphs: Record<string, string> = {
  A: 'M0 14L5 0L10 14M2 8L8 8',
  C: 'M10 2L8 0L2 0L0 2L0 12L2 14L8 14L10 12',
  E: 'M10 0L0 0L0 14L10 14M0 7L7 7',
  F: 'M10 0L0 0L0 14M0 7L7 7',
  H: 'M0 0L0 14M10 0L10 14M0 7L10 7',
  J: 'M3 0L10 0M8 0L8 11L5 14L2 14L0 11',
  K: 'M0 0L0 14M10 0L0 8M3 6L10 14',
  M: 'M0 14L0 0L5 8L10 0L10 14',
  N: 'M0 14L0 0L10 14L10 0',
  P: 'M0 14L0 0L8 0L10 2L10 5L8 7L0 7',
  R: 'M0 14L0 0L8 0L10 2L10 5L8 7L0 7M5 7L10 14',
  T: 'M0 0L10 0M5 0L5 14',
  W: 'M0 0L2 14L5 6L8 14L10 0',
  X: 'M0 0L10 14M10 0L0 14',
  Y: 'M0 0L5 7L10 0M5 7L5 14',
  '3': 'M0 0L10 0L4 6L8 6L10 8L10 12L8 14L0 14',
  '4': 'M7 14L7 0L0 10L10 10',
  '6': 'M9 0L3 0L0 4L0 12L2 14L8 14L10 12L10 9L8 7L0 7',
  '7': 'M0 0L10 0L4 14',
  '9': 'M10 7L2 7L0 5L0 2L2 0L8 0L10 2L10 10L6 14L1 14',
};

const width = 150;
const height = 50;

/** A random integer in [min, max]. */
const between = (min: number, max: number) => randomInt(min, max + 1);

const darkColour = () => `hsl(${between(0, 359)},${between(45, 75)}%,${between(18, 35)}%)`;
const midColour = () => `hsl(${between(0, 359)},${between(30, 60)}%,${between(45, 65)}%)`;

export function randomCaptchaAnswer(): string {
  let answer = '';
  for (let i = 0; i < captchaLength; i++) answer += captchaAlphabet[randomInt(captchaAlphabet.length)];
  return answer;
}

/**
 * The SVG of `answer`: each glyph scaled, rotated and shifted at random, crossed by noise lines and dots
 * drawn both under and over the text.
 */
export function renderCaptchaSvg(answer: string): string {
  const parts: string[] = [];
  const noiseLine = () =>
    `<path d="M${between(0, 20)} ${between(5, 45)}Q${between(40, 110)} ${between(-10, 60)} ${between(130, 150)} ${between(5, 45)}" stroke="${midColour()}" stroke-width="${between(7, 12) / 10}" fill="none"/>`;
  for (let i = 0; i < 3; i++) parts.push(noiseLine());
  const slot = (width - 20) / answer.length;
  [...answer].forEach((char, i) => {
    const glyph = glyphs[char];
    if (!glyph) throw new Error(`no captcha glyph for ${char}`);
    const scale = between(19, 23) / 10;
    const x = 12 + i * slot + between(-2, 3);
    const y = (height - 14 * scale) / 2 + between(-4, 4);
    const angle = between(-22, 22);
    // Rotate about the glyph's centre so it stays inside its slot.
    parts.push(
      `<path transform="translate(${x} ${y.toFixed(1)}) scale(${scale}) rotate(${angle} 5 7)" d="${glyph}" stroke="${darkColour()}" stroke-width="${(between(22, 28) / 10 / scale).toFixed(2)}" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`,
    );
  });
  for (let i = 0; i < 2; i++) parts.push(noiseLine());
  for (let i = 0; i < 25; i++) {
    parts.push(
      `<circle cx="${between(0, width)}" cy="${between(0, height)}" r="${between(5, 15) / 10}" fill="${midColour()}"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="#f2f4f8"/>${parts.join('')}</svg>`;
}
