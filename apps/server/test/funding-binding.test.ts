import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countOf, goodBic, goodIban, type Investor, newInvestor } from './funding-steps';
import { call, createTestApp, type TestApp } from './helper';

let t: TestApp;
let giulia: Investor;

beforeAll(async () => {
  t = await createTestApp();
  giulia = await newInvestor(t.app, { pin: false });
});
afterAll(() => t.close());

type Binding = {
  id: number;
  kind: string;
  iban: string | null;
  bic: string | null;
  walletType: string | null;
  mobile: string | null;
};

const addBank = (params: Record<string, string>, lang = 'en-US', who = giulia) =>
  call<Binding>(t.app, 'POST', '/bank/add', { name: 'Giulia Rossi', ...params }, { token: who.token, lang });

describe('bank accounts by the country of their IBAN', () => {
  const who = () => newInvestor(t.app, { pin: false });

  it('keeps for an Italian account only the fields an Italian account uses', async () => {
    const marta = await who();
    const added = await addBank(
      {
        iban: 'IT60 X054 2811 1010 0000 0123 456',
        routingNumber: '021000021',
        pixAccount: 'x',
        taxId: '123',
      },
      'it-IT',
      marta,
    );
    expect(added.code, (added as { msg?: string }).msg).toBe(0);
    const [row] = await t.db.query<Record<string, string | null>>(
      'select routing_number, pix_account, tax_id, bic from bank_bindings where id = $1',
      [added.data.id],
    );
    expect(row).toEqual({ routing_number: null, pix_account: null, tax_id: null, bic: null });
  });

  it('refuses a Brazilian account without the BIC or the CPF/CNPJ, in both languages, binding nothing', async () => {
    const ana = await who();
    const rows = await countOf(t.db, 'bank_bindings');
    const br = 'BR1500000000000010932840814P2';
    expect(await addBank({ iban: br, taxId: '123.456.789-09' }, 'it-IT', ana)).toMatchObject({
      code: -1001,
      msg: "Per un conto fuori dall'area SEPA serve il BIC (codice SWIFT)",
    });
    expect(await addBank({ iban: br, bic: 'BOFABRSP' }, 'en-US', ana)).toMatchObject({
      code: -1001,
      msg: "A Brazilian account needs the holder's CPF or CNPJ",
    });
    expect(await countOf(t.db, 'bank_bindings')).toBe(rows);
    const added = await addBank(
      { iban: br, bic: 'BOFABRSP', taxId: '123.456.789-09', pixAccount: 'ana@pix' },
      'en-US',
      ana,
    );
    expect(added.code).toBe(0);
    const [row] = await t.db.query<Record<string, string | null>>(
      'select tax_id, pix_account from bank_bindings where id = $1',
      [added.data.id],
    );
    expect(row).toEqual({ tax_id: '123.456.789-09', pix_account: 'ana@pix' });
  });

  it("asks an account in the Emirates for its bank's name", async () => {
    const omar = await who();
    expect(await addBank({ iban: 'AE070331234567890123456', bic: 'EBILAEAD' }, 'en-US', omar)).toMatchObject({
      code: -1001,
      msg: 'An account outside the SEPA area needs the name of its bank',
    });
  });
});

describe('bank accounts', () => {
  it('binds an IBAN (stored without spaces) with its BIC, lists it and shows it', async () => {
    const added = await addBank({ iban: goodIban, bic: goodBic, bankName: 'Banca Demo' });
    expect(added.data).toMatchObject({ kind: 'bank', iban: 'IT60X0542811101000000123456', bic: 'BCITITMM' });
    const list = await call<{ list: Binding[] }>(t.app, 'GET', '/bank/list', {}, { token: giulia.token });
    expect(list.data.list.map((b) => b.id)).toEqual([added.data.id]);
    const info = await call<Binding>(
      t.app,
      'GET',
      '/bank/info',
      { id: added.data.id },
      { token: giulia.token },
    );
    expect(info.data.iban).toBe('IT60X0542811101000000123456');
  });

  it('refuses an IBAN with a wrong check digit, a BIC of the wrong shape, and the same IBAN twice', async () => {
    const rows = await countOf(t.db, 'bank_bindings');
    expect(await addBank({ iban: 'IT61X0542811101000000123456' }, 'it-IT')).toMatchObject({
      code: -1001,
      msg: 'Numero di conto errato: l’IBAN non è valido',
    });
    expect(await addBank({ iban: 'DE89370400440532013001' })).toMatchObject({
      code: -1001,
      msg: 'Wrong bank card number: the IBAN is not valid',
    });
    expect(await addBank({ iban: 'DE89370400440532013000', bic: 'BC1TITMM' })).toMatchObject({
      code: -1001,
      msg: 'The BIC/SWIFT code is not valid',
    });
    expect(await addBank({ iban: goodIban })).toMatchObject({
      code: -1001,
      msg: 'This account is already bound',
    });
    expect(await countOf(t.db, 'bank_bindings')).toBe(rows);
  });

  it('cannot be read or removed by another user, and its owner can remove it', async () => {
    const other = await newInvestor(t.app, { pin: false, kyc: false });
    const mine = await addBank({ iban: 'DE89370400440532013000' });
    expect(
      await call(t.app, 'GET', '/bank/info', { id: mine.data.id }, { token: other.token }),
    ).toMatchObject({
      code: -1001,
      msg: 'This bank account or wallet does not exist',
    });
    expect(
      await call(t.app, 'POST', '/bank/del', { id: mine.data.id }, { token: other.token }),
    ).toMatchObject({ code: -1001 });
    expect((await call(t.app, 'POST', '/bank/del', { id: mine.data.id }, { token: giulia.token })).code).toBe(
      0,
    );
    const list = await call<{ list: Binding[] }>(t.app, 'GET', '/bank/list', {}, { token: giulia.token });
    expect(list.data.list.map((b) => b.id)).not.toContain(mine.data.id);
  });
});

describe('wallets', () => {
  it('binds a wallet by type, name and mobile, and refuses an unknown type or a bad number', async () => {
    const ok = await addBank({ kind: 'wallet', walletType: 'bkash', mobile: '+880 1712 345678' });
    expect(ok.data).toMatchObject({ kind: 'wallet', walletType: 'Bkash', mobile: '+8801712345678' });
    expect(await addBank({ kind: 'wallet', walletType: 'PayPal', mobile: '+8801712345678' })).toMatchObject({
      code: -1001,
      msg: 'Choose the wallet type: Nagad, Bkash',
    });
    expect(await addBank({ kind: 'wallet', walletType: 'Nagad', mobile: '12ab' })).toMatchObject({
      code: -1001,
      msg: 'Invalid phone format',
    });
    const wallets = await call<{ list: Binding[] }>(
      t.app,
      'GET',
      '/bank/list',
      { kind: 'wallet' },
      { token: giulia.token },
    );
    expect(wallets.data.list.map((b) => b.walletType)).toEqual(['Bkash']);
  });
});

describe('crypto withdrawal addresses', () => {
  const bind = (network: string, address: string, lang = 'en-US') =>
    call<{ id: number; address: string }>(
      t.app,
      'POST',
      '/coin/withdraw/address/generate',
      { network, address },
      { token: giulia.token, lang },
    );

  it('binds an address of each network that passes its checksum', async () => {
    for (const [network, address] of [
      ['BTC', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'],
      ['BTC', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'],
      ['ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
      ['TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
    ] as const) {
      const res = await bind(network, address);
      expect(res.code, `${network} ${address}: ${res.msg}`).toBe(0);
    }
    const list = await call<{ list: unknown[] }>(
      t.app,
      'POST',
      '/coin/withdraw/address',
      { network: 'BTC' },
      { token: giulia.token },
    );
    expect(list.data.list).toHaveLength(2);
  });

  it('refuses, naming the network, an address with a wrong checksum or of another network', async () => {
    const rows = await countOf(t.db, 'crypto_addresses');
    expect(await bind('BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb')).toMatchObject({
      code: -1001,
      msg: 'This is not a valid BTC address',
    });
    expect(await bind('ERC20', '0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toMatchObject({
      code: -1001,
      msg: 'This is not a valid ERC20 address',
    });
    expect(await bind('TRC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'it-IT')).toMatchObject({
      code: -1001,
      msg: 'Questo non è un indirizzo TRC20 valido',
    });
    expect(await bind('TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toMatchObject({
      code: -1001,
      msg: 'This address is already bound',
    });
    expect(await countOf(t.db, 'crypto_addresses')).toBe(rows);
  });
});
