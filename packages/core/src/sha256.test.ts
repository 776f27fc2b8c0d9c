import { describe, expect, it } from 'vitest';
import { sha256Hex } from './sha256';

// Digests as any SHA-256 tool prints them (FIPS 180-4's examples first), chosen to cross the padding's
// block boundaries (55, 56, 64, 119 bytes) and to hold two-, three- and four-byte UTF-8 characters.
const known: [string, string][] = [
  ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
  ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
  [
    'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq',
    '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
  ],
  ['a'.repeat(55), '9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318'],
  ['a'.repeat(56), 'b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a'],
  ['a'.repeat(64), 'ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb'],
  ['b'.repeat(119), '68297a9eb141ce16bbc0847da1c0c48e2858704feaa13993bde29f87a198a6e1'],
  ['Piazza Affari · 5.000,00 €', '2bf2aafde2f1ace08de14699591d93a8e69df2e46345f7540a4f16fe45ece4b3'],
  ['🚀BTC/USDT😀', '8da65e3234b35b253c8fdf40ac16996487454afdb3929273477ad0a557fe86d0'],
  ['x'.repeat(1000), '44f8354494a5ba03ba1792a8d3e9c534c47a9181980fde7a3f44b06ef2ae7c7f'],
];

describe('sha256Hex', () => {
  it.each(known)('gives the known digest of %j', (text, digest) => {
    expect(sha256Hex(text)).toBe(digest);
  });
});
