import { describe, expect, it } from 'vitest';
import { btcSegwitAddress, ethAddress, isValidAddress, tronAddress } from './crypto-address';

describe('crypto addresses', () => {
  it('accepts well-known BTC addresses of each kind', () => {
    expect(isValidAddress('BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe(true); // P2PKH, genesis
    expect(isValidAddress('BTC', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy')).toBe(true); // P2SH
    expect(isValidAddress('BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBe(true); // bech32 v0
    expect(isValidAddress('BTC', 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297')).toBe(
      true,
    ); // bech32m taproot
  });

  it('refuses BTC addresses with one character changed or the wrong checksum kind', () => {
    expect(isValidAddress('BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb')).toBe(false);
    expect(isValidAddress('BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdr')).toBe(false);
    // A v1 program encoded with bech32 instead of bech32m (BIP 350).
    expect(
      isValidAddress('BTC', 'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7k7grplx'),
    ).toBe(false);
    expect(isValidAddress('BTC', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(false);
  });

  it('checks EIP-55 on mixed-case ERC-20 addresses only', () => {
    expect(isValidAddress('ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(true);
    expect(isValidAddress('ERC20', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(true);
    expect(isValidAddress('ERC20', '0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false);
    expect(isValidAddress('ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe')).toBe(false);
    expect(isValidAddress('ERC20', '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed00')).toBe(false);
  });

  it('accepts TRC-20 addresses with the 0x41 prefix and a valid checksum', () => {
    expect(isValidAddress('TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true); // USDT contract
    expect(isValidAddress('TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBe(false);
    expect(isValidAddress('TRC20', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe(false);
  });

  it('derives addresses that its own checks accept', () => {
    const id = Uint8Array.from({ length: 20 }, (_, i) => i * 7);
    expect(isValidAddress('TRC20', tronAddress(id))).toBe(true);
    expect(isValidAddress('BTC', btcSegwitAddress(id))).toBe(true);
    expect(isValidAddress('ERC20', ethAddress(id))).toBe(true);
  });
});
