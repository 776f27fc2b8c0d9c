import { crc32, deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Journey, startJourney } from './harness';
import { shown } from './steps/session';

/*
 * Issue 4's journey: a new person completes identity verification on a phone in Italian, with the front of
 * the document as a PNG and the back as a JPEG, and waits in review; a compliance operator opens the
 * submission in the back office, sees both sides, and approves it; the app then says Verified, and so does
 * the drawer. A second person is rejected with a reason, reads it, and sends the corrected form again.
 */

let j: Journey;
beforeAll(async () => {
  j = await startJourney('kyc-review');
});
afterAll(() => j?.close());

const password = 'Primavera1';

/** The smallest PDF a viewer opens: one empty page. */
const minimalPdf = [
  '%PDF-1.4',
  '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
  '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
  '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] >> endobj',
  'trailer << /Root 1 0 R >>',
  '%%EOF',
].join('\n');

/** A small valid PNG: a coloured card with a white stripe, like a photo of a document would not be. */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    const stripe = y > height / 3 && y < height / 2;
    for (let x = 0; x < width; x++) row.set(stripe ? [255, 255, 255] : [r, g, b], 1 + x * 3);
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A small valid JPEG, encoded by the browser's own canvas. */
async function jpeg(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 200;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2d context');
    ctx.fillStyle = '#c85a28';
    ctx.fillRect(0, 0, 320, 200);
    ctx.fillStyle = '#fff';
    ctx.fillRect(20, 80, 280, 30);
    return canvas.toDataURL('image/jpeg', 0.8).split(',')[1] ?? '';
  });
  const bytes = Buffer.from(base64, 'base64');
  expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  return bytes;
}

async function register(account: string) {
  await j.api('POST', '/common/code/send', { account, scene: 'register', areaCode: '+39' });
  const code = await j.outboxCode(account);
  const res = await j.api('POST', '/user/register', {
    account,
    password,
    confirmPassword: password,
    code,
    areaCode: '+39',
    agree: '1',
  });
  expect(res.code).toBe(0);
}

async function signIn(page: Page, account: string) {
  await page.goto('/pages/account/login');
  await page.getByTestId('login-account').locator('input').fill(account);
  await page.getByTestId('login-password').locator('input').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/pages/tabbar/home');
}

/** Confirms an open antd-mobile picker at the value it shows. */
async function confirmPicker(page: Page) {
  const buttons = page.locator('.adm-picker-header-button:visible');
  await buttons.last().waitFor();
  await buttons.last().click();
  await expect.poll(() => buttons.count()).toBe(0);
}

const choose = (page: Page, testId: string, text: string) =>
  page.getByTestId(testId).getByText(text, { exact: true }).click();

/** Steps 1 to 4 of the form, as a person fills them in for the first time. */
async function fillForm(page: Page, realName: string) {
  await choose(page, 'kyc-cert-type', 'Carta d’identità');
  await page.getByTestId('kyc-real-name').locator('input').fill(realName);
  await page.getByTestId('kyc-cert-no').locator('input').fill('CA12345AB');
  await page.getByTestId('kyc-birthday').click();
  await confirmPicker(page);
  await page.getByTestId('kyc-nationality').click();
  await confirmPicker(page);
  await expect.poll(() => page.getByTestId('kyc-nationality').textContent()).toBe('Italia');
  await page.getByTestId('kyc-valid-until').click();
  await confirmPicker(page);
  await page.getByTestId('kyc-next').click();

  await page.getByTestId('kyc-address').locator('textarea').fill('Via Roma 1, 20121 Milano');
  await page.getByTestId('kyc-next').click();

  await choose(page, 'kyc-purpose', 'Investire nel lungo periodo');
  await choose(page, 'kyc-fundSource', 'Stipendio');
  await choose(page, 'kyc-incomeRange', 'Da 20.000 a 50.000 €');
  await choose(page, 'kyc-assetRange', 'Meno di 50.000 €');
  await choose(page, 'kyc-objective', 'Far crescere il capitale');
  await choose(page, 'kyc-riskPreference', 'Media');
  await choose(page, 'kyc-experience', 'Di base');
  // Back to the address and forward again: the answers given are still chosen.
  await page.getByTestId('kyc-previous').click();
  await page.getByTestId('kyc-next').click();
  const chosen = page.getByTestId('kyc-experience').locator('.adm-selector-item-active');
  expect(await chosen.textContent()).toBe('Di base');
  await page.getByTestId('kyc-next').click();

  // A page of HTML dressed as a photo is refused here, before it is sent.
  await page.getByTestId('kyc-front-input').setInputFiles({
    name: 'fronte.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('<html><body>non è una foto</body></html>'),
  });
  await expect
    .poll(() => page.getByTestId('kyc-front-problem').textContent())
    .toBe('Puoi caricare solo file JPEG, PNG o PDF');
  await page.getByTestId('kyc-front-input').setInputFiles({
    name: 'fronte.png',
    mimeType: 'image/png',
    buffer: png(320, 200, [40, 90, 200]),
  });
  await page.getByTestId('kyc-front-preview').waitFor();
  await page.getByTestId('kyc-back-input').setInputFiles({
    name: 'retro.jpg',
    mimeType: 'image/jpeg',
    buffer: await jpeg(page),
  });
  await page.getByTestId('kyc-back-preview').waitFor();
  await page.getByTestId('kyc-next').click();
}

/**
 * Forward through the form to step `target` (1-based, as "Passo N di 5" shows it), one step at a time: a click
 * is repeated only once the step shown says the last one did not move (a form still taking its saved answers).
 */
async function forwardTo(page: Page, target: number) {
  await expect
    .poll(
      async () => {
        const shown = Number((await page.getByTestId('kyc-step').textContent())?.match(/\d+/)?.[0]);
        if (shown < target) await page.getByTestId('kyc-next').click();
        return shown;
      },
      { timeout: 30_000, interval: 400 },
    )
    .toBe(target);
}

/** The back office at a desktop size, signed in as the demo operator. */
async function operatorPage(): Promise<{ close: () => Promise<void>; page: Page }> {
  const context = await j.browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'it-IT',
    baseURL: j.baseUrl,
  });
  const page = await context.newPage();
  await page.goto('/admin/');
  await page.evaluate(() => localStorage.setItem('adminLang', 'it-IT'));
  await page.goto('/admin/login');
  await page.getByTestId('login-email').fill('admin@piazza.local');
  await page.getByTestId('login-password').fill('Piazza-Admin-2026');
  await page.getByTestId('login-submit').click();
  await page.getByTestId('nav-kyc').click();
  return { page, close: () => context.close() };
}

/**
 * Opens the investor's submission from the queue, with both sides of the document shown. The queue lists the
 * pending submissions first, the oldest first: a retried attempt's investor of the same name was reviewed by
 * the first try, so the first row of that name is the one waiting.
 */
async function openSubmission(page: Page, realName: string) {
  await page
    .getByTestId('kyc-queue')
    .getByRole('row')
    .filter({ hasText: realName })
    .getByRole('link')
    .first()
    .click();
  await page.getByTestId('kyc-front-image').waitFor();
  await page.getByTestId('kyc-back-image').waitFor();
  for (const side of ['kyc-front-image', 'kyc-back-image']) {
    const width = await page.getByTestId(side).evaluate((img) => (img as HTMLImageElement).naturalWidth);
    expect(width).toBe(320);
  }
  expect(await page.getByTestId('kyc-review-status').textContent()).toBe('In verifica');
}

describe('identity verification', () => {
  it('is completed on a phone, approved in the back office, and shown as verified', async () => {
    // Unique to the attempt: a retried test on the same server would find the first try's account registered.
    const account = `giulia.romano.${Date.now().toString(36)}@example.it`;
    await register(account);
    const { context, page } = await j.newPage();
    try {
      await signIn(page, account);
      await page.getByTestId('drawer-open').click();
      expect(await page.getByTestId('drawer-kyc').textContent()).toBe('Non verificato');
      await page.getByTestId('drawer-kyc-link').click();
      await page.waitForURL('**/pages/user/kyc');
      await page.getByTestId('kyc-start').click();

      await fillForm(page, 'Giulia Romano');
      // Review: what was typed, then the privacy box, which the server insists on.
      const review = await page.getByTestId('kyc-form').textContent();
      expect(review).toContain('Giulia Romano');
      expect(review).toContain('Via Roma 1, 20121 Milano');
      await page.getByTestId('kyc-submit').click();
      await shown(page, 'Spunta la casella per autorizzare il trattamento dei dati personali').waitFor();
      const token = await page.evaluate(
        () => JSON.parse(localStorage.getItem('userToken') ?? '""') as string,
      );
      const refused = await j.api<{ idStatus: string }>('GET', '/user/auth', {}, token);
      expect(refused.data.idStatus).toBe('none');

      // Back to the address and forward again: nothing typed is lost.
      await page.getByTestId('kyc-edit-1').click();
      expect(await page.getByTestId('kyc-address').locator('textarea').inputValue()).toBe(
        'Via Roma 1, 20121 Milano',
      );
      await forwardTo(page, 5);
      await page.getByTestId('kyc-privacy').click();
      await page.getByTestId('kyc-submit').click();
      await page.getByTestId('kyc-status-pending').waitFor();
      expect(await page.getByTestId('kyc-pending-title').textContent()).toBe('In verifica');

      const operator = await operatorPage();
      try {
        await openSubmission(operator.page, 'Giulia Romano');
        await operator.page.getByTestId('kyc-approve').click();
        await expect
          .poll(() => operator.page.getByTestId('kyc-review-status').textContent())
          .toBe('Verificato');
      } finally {
        await operator.close();
      }

      // No reload: the decision reaches the open page over the user socket.
      await page.getByTestId('kyc-status-succ').waitFor({ timeout: 10_000 });
      expect(await page.getByTestId('kyc-succ-title').textContent()).toBe('Verificato');

      // The appropriateness profile: options are not for a basic investor until the questionnaire says more.
      expect(await page.getByTestId('kyc-verdict-options').textContent()).toBe('Non adeguato');
      await page.getByTestId('kyc-retake').click();
      await choose(page, 'kyc-riskPreference', 'Alta');
      await choose(page, 'kyc-experience', 'Avanzata');
      await page.getByTestId('kyc-retake-save').click();
      await expect.poll(() => page.getByTestId('kyc-verdict-options').textContent()).toBe('Adeguato');
      // HNI needs KYC verified, which it now is; an operator decides.
      await page.getByTestId('kyc-hni-apply').click();
      await expect
        .poll(() => page.getByTestId('kyc-hni-status').textContent())
        .toBe('Richiesta in revisione');

      await page.goto('/pages/tabbar/home');
      await page.getByTestId('drawer-open').click();
      await expect.poll(() => page.getByTestId('drawer-kyc').textContent()).toBe('Verificato');

      // The HNI application waits in its own queue; the operator approves it on the investor's screen.
      const hni = await operatorPage();
      try {
        await hni.page.getByTestId('nav-hni').click();
        await hni.page.getByTestId('hni-queue').getByRole('link').first().click();
        await hni.page.getByTestId('hni-approve').click();
        await expect.poll(() => hni.page.getByTestId('hni-status').textContent()).toBe('Approvato');
      } finally {
        await hni.close();
      }
      await page.goto('/pages/user/kyc');
      await expect.poll(() => page.getByTestId('kyc-hni-status').textContent()).toBe('Approvato');
    } finally {
      await context.close();
    }
  });

  it('shows the reason of a rejection and takes the corrected form again', async () => {
    const account = `marco.conti.${Date.now().toString(36)}@example.it`;
    await register(account);
    const { context, page } = await j.newPage();
    try {
      await signIn(page, account);
      await page.goto('/pages/user/kyc');
      await page.getByTestId('kyc-start').click();
      await fillForm(page, 'Marco Conti');
      await page.getByTestId('kyc-privacy').click();
      await page.getByTestId('kyc-submit').click();
      await page.getByTestId('kyc-status-pending').waitFor();

      const reason = 'La foto del retro è sfocata: scattala di nuovo con più luce';
      const operator = await operatorPage();
      try {
        await openSubmission(operator.page, 'Marco Conti');
        await operator.page.getByTestId('kyc-reject-reason').fill(reason);
        await operator.page.getByTestId('kyc-reject').click();
        await expect
          .poll(() => operator.page.getByTestId('kyc-review-status').textContent())
          .toBe('Non riuscito');
      } finally {
        await operator.close();
      }

      await page.reload();
      await page.getByTestId('kyc-status-fail').waitFor();
      expect(await page.getByTestId('kyc-fail-reason').textContent()).toBe(`Motivo: ${reason}`);
      await page.getByTestId('kyc-resubmit').click();
      // Everything sent before is there, including both sides of the document.
      expect(await page.getByTestId('kyc-real-name').locator('input').inputValue()).toBe('Marco Conti');
      await forwardTo(page, 4);
      await page.getByTestId('kyc-front-preview').waitFor();
      // A scan over 10 MB is refused before it is sent; a PDF of the back is taken.
      const oversized = Buffer.concat([png(8, 8, [0, 0, 0]), Buffer.alloc(10 * 1024 * 1024)]);
      await page.getByTestId('kyc-back-input').setInputFiles({
        name: 'retro.png',
        mimeType: 'image/png',
        buffer: oversized,
      });
      await expect
        .poll(() => page.getByTestId('kyc-back-problem').textContent())
        .toBe('Il file supera i 10 MB');
      await page.getByTestId('kyc-back-input').setInputFiles({
        name: 'retro.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from(minimalPdf),
      });
      await expect.poll(() => page.getByTestId('kyc-back-box').textContent()).toBe('Documento PDF');
      await page.getByTestId('kyc-next').click();
      await page.getByTestId('kyc-privacy').click();
      await page.getByTestId('kyc-submit').click();
      await page.getByTestId('kyc-status-pending').waitFor();

      // The operator sees the new back as a PDF to open in a new tab.
      const again = await operatorPage();
      try {
        await again.page
          .getByTestId('kyc-queue')
          .getByRole('row')
          .filter({ hasText: 'Marco Conti' })
          .getByRole('link')
          .click();
        await again.page.getByTestId('kyc-back-pdf').waitFor();
        await again.page.getByTestId('kyc-front-image').waitFor();
        expect(await again.page.getByTestId('kyc-review-status').textContent()).toBe('In verifica');
      } finally {
        await again.close();
      }
    } finally {
      await context.close();
    }
  });
});
