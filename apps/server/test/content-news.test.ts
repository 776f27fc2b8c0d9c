import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedDemoContent } from '../src/modules/content/demo-content';
import { localBlobStore } from '../src/platform/blob-store';
import type { Services } from '../src/services';
import { countRows, demoAdmin, investor, signIn } from './admin-fixtures';
import { articleDraft, pngBytes, saveArticle, uploadImage } from './content-news-steps';
import { call, createTestApp, type TestApp, TestClock } from './helper';

/*
 * News and banners (issue 15 items 2–3): articles authored in both languages with a cover checked by content,
 * bodies sanitised on the way in, the RSS/Atom importer on fixture files served from a local address, and
 * banners that lead only to pages of the app.
 */

let t: TestApp;
let clock: TestClock;
let dataDir: string;
let admin: string;

beforeEach(async () => {
  clock = new TestClock(Date.UTC(2026, 10, 23, 10, 0, 0));
  dataDir = await mkdtemp(path.join(tmpdir(), 'piazza-news-'));
  t = await createTestApp({ clock, env: { DATA_DIR: dataDir } });
  admin = await signIn(t.app, demoAdmin);
});
afterEach(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

type Item = { id: number; title: string; summary: string; cover: string | null; symbols: string[] };
const list = (params: Record<string, string | number> = {}, lang = 'en-US') =>
  call<{ list: Item[]; total: number }>(t.app, 'GET', '/index/news', params, { lang });
const info = (id: number, lang = 'en-US') =>
  call<Item & { body: string }>(t.app, 'GET', '/index/news/info', { id }, { lang });

describe('articles', () => {
  it('are written in both languages with a cover and symbols, read in the reader’s language, and withdrawn', async () => {
    const cover = await uploadImage(t.app, admin, {
      name: 'cover.png',
      type: 'image/png',
      bytes: pngBytes(),
    });
    expect(cover.code, cover.msg).toBe(0);
    const saved = await saveArticle(
      t.app,
      admin,
      articleDraft({ coverId: cover.data.id, publishAt: clock.ms - 1000 }),
    );
    expect(saved.code, saved.msg).toBe(0);
    expect(saved.data.symbols).toEqual(['ENI.MI', 'ISP.MI']);

    const it_ = await info(saved.data.id, 'it-IT');
    expect(it_.data).toMatchObject({ title: 'Titolo di prova', body: '<p>Testo in italiano</p>' });
    const en = await info(saved.data.id);
    expect(en.data).toMatchObject({ title: 'Test title', cover: cover.data.url });
    const image = await t.app.inject({ method: 'GET', url: en.data.cover! });
    expect([
      image.statusCode,
      image.headers['content-type'],
      image.headers['x-content-type-options'],
    ]).toEqual([200, 'image/png', 'nosniff']);

    const edited = await saveArticle(
      t.app,
      admin,
      articleDraft({
        id: saved.data.id,
        titleEn: 'Test title, corrected',
        coverId: cover.data.id,
        publishAt: clock.ms - 1000,
      }),
    );
    expect(edited.code, edited.msg).toBe(0);
    expect((await info(saved.data.id)).data.title).toBe('Test title, corrected');
    expect((await list({ symbol: 'eni.mi' })).data.list.map((a) => a.id)).toEqual([saved.data.id]);
    expect((await list({ symbol: 'UCG.MI' })).data.total).toBe(0);

    const withdrawn = await call(
      t.app,
      'POST',
      '/admin/news/withdraw',
      { id: saved.data.id },
      { token: admin },
    );
    expect(withdrawn.code).toBe(0);
    expect((await list()).data.total).toBe(0);
    const gone = await info(saved.data.id, 'it-IT');
    expect([gone.code, gone.msg]).toEqual([-1001, 'Questo articolo non è disponibile.']);
  });

  it('are not shown before their publish time', async () => {
    const later = await saveArticle(t.app, admin, articleDraft({ publishAt: clock.ms + 60_000 }));
    expect((await list()).data.total).toBe(0);
    expect((await info(later.data.id)).code).toBe(-1001);
    clock.advance(60_000);
    expect((await list()).data.list.map((a) => a.id)).toEqual([later.data.id]);
  });

  it('keep no script or event handler: the page reads the text, not the markup', async () => {
    const hostile =
      '<p>Safe <b>words</b></p><script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">link</a><iframe src="https://evil.example"></iframe><img src="https://cdn.example/chart.png" alt="chart">';
    const saved = await saveArticle(
      t.app,
      admin,
      articleDraft({ bodyEn: hostile, titleEn: '<img onerror=x>' }),
    );
    expect(saved.code, saved.msg).toBe(0);
    const read = await info(saved.data.id);
    expect(read.data.body).not.toMatch(/script|onerror|javascript:|iframe/i);
    expect(read.data.body).toContain('<b>words</b>');
    // The https image stays; the one whose address is `x` would only show broken and is dropped.
    expect(read.data.body).toContain('<img src="https://cdn.example/chart.png" alt="chart" />');
    expect(read.data.body).not.toContain('src="x"');
    // A title is plain text: the app shows it as text, so it is kept as the operator typed it.
    expect(read.data.title).toBe('<img onerror=x>');
    const raw = await t.db.query<{ body_en: string }>('select body_en from news_articles where id = $1', [
      saved.data.id,
    ]);
    expect(raw[0]?.body_en).not.toMatch(/script|onerror/i);
  });

  it('refuse bad input in both languages and change nothing', async () => {
    const before = await countRows(t.db, 'news_articles');
    const noTitle = await saveArticle(t.app, admin, articleDraft({ titleEn: ' ' }), 'it-IT');
    expect([noTitle.code, noTitle.msg]).toEqual([
      -1001,
      'Inserisci il titolo in entrambe le lingue (al massimo 200 caratteri).',
    ]);
    const onlyScript = await saveArticle(t.app, admin, articleDraft({ bodyIt: '<script>alert(1)</script>' }));
    expect([onlyScript.code, onlyScript.msg]).toEqual([
      -1001,
      'The text (it-IT) has nothing left to show once unsafe markup is removed.',
    ]);
    const badCover = await saveArticle(t.app, admin, articleDraft({ coverId: 'f'.repeat(32) }), 'it-IT');
    expect(badCover.msg).toBe("L'immagine di copertina non è stata trovata: caricala di nuovo.");
    const badSymbols = await saveArticle(t.app, admin, articleDraft({ symbols: 'ENI MI;DROP' }));
    expect(badSymbols.msg).toBe(
      'List at most 20 symbols separated by commas (letters, digits, dots, hyphens).',
    );
    expect(await countRows(t.db, 'news_articles')).toBe(before);

    const html = await uploadImage(t.app, admin, {
      name: 'cover.png',
      type: 'image/png',
      bytes: Buffer.from('<html><script>alert(1)</script></html>'),
    });
    expect([html.code, html.msg]).toEqual([-1001, 'Upload a JPEG or PNG image.']);
    const pdf = await uploadImage(
      t.app,
      admin,
      { name: 'a.png', type: 'image/png', bytes: Buffer.from('%PDF-1.4 hello') },
      'it-IT',
    );
    expect(pdf.msg).toBe("Carica un'immagine JPEG o PNG.");
    expect(await countRows(t.db, 'content_images')).toBe(0);

    const who = await investor(t.db);
    const asInvestor = await call(t.app, 'POST', '/admin/news/save', articleDraft(), { token: who.token });
    expect(asInvestor.code).toBe(-1000);
  });
});

describe('the feed importer', () => {
  let server: Server;
  let base: string;
  beforeEach(async () => {
    server = createServer(async (req, res) => {
      const name = (req.url ?? '').replace(/^\//, '');
      if (!/^markets\.(rss|atom)\.xml$/.test(name)) {
        res.writeHead(404).end();
        return;
      }
      const body = await readFile(path.join(__dirname, 'fixtures', 'news', name));
      res.writeHead(200, { 'content-type': 'application/xml' }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const addSource = (url: string, language: string) =>
    call<{ id: number }>(
      t.app,
      'POST',
      '/admin/news/sources/save',
      { name: `Feed ${language}`, url, language, active: 1 },
      { token: admin },
    );
  const fetchNow = (id: number, lang = 'en-US') =>
    call<{ summary: string; source: { articles: number; lastError: string | null } }>(
      t.app,
      'POST',
      '/admin/news/sources/fetch',
      { id },
      { token: admin, lang },
    );

  it('imports RSS items sanitised, once: a second fetch of the same feed adds nothing', async () => {
    const source = await addSource(`${base}/markets.rss.xml`, 'en-US');
    const first = await fetchNow(source.data.id);
    expect(first.data.summary).toBe('Feed en-US: 2 new of 2 items');
    const again = await fetchNow(source.data.id);
    expect(again.data.summary).toBe('Feed en-US: 0 new of 2 items');
    expect(again.data.source.articles).toBe(2);

    const read = (await list()).data.list;
    expect(read.map((a) => a.title).sort()).toEqual([
      'Bond yields ease after the auction',
      'Chipmakers rally',
    ]);
    for (const a of read) {
      const body = (await info(a.id)).data.body;
      expect(body).not.toMatch(/script|onerror|onclick|javascript:/i);
    }
    // An English feed is read in English by an Italian reader too (there is no Italian text).
    expect((await list({}, 'it-IT')).data.total).toBe(2);
    const runs = await t.db.query<{ state: string }>("select state from job_runs where job = 'news-import'");
    expect(runs.map((r) => r.state)).toEqual(['succeeded', 'succeeded']);
  });

  it('imports Atom entries by their id, dropping an iframe', async () => {
    const source = await addSource(`${base}/markets.atom.xml`, 'it-IT');
    expect((await fetchNow(source.data.id)).data.summary).toBe('Feed it-IT: 2 new of 2 items');
    const rows = await t.db.query<{ feed_key: string; body_it: string; title_en: string | null }>(
      'select feed_key, body_it, title_en from news_articles order by feed_key',
    );
    expect(rows.map((r) => r.feed_key)).toEqual(['urn:uuid:borsa-entry-1', 'urn:uuid:borsa-entry-2']);
    expect(rows[0]?.body_it).toBe('<p>Il FTSE MIB guadagna lo 0,8%.</p>');
    expect(rows[0]?.title_en).toBeNull();
  });

  it('records a feed that cannot be read and refuses by name', async () => {
    const source = await addSource(`${base}/missing.xml`, 'en-US');
    const failed = await fetchNow(source.data.id, 'it-IT');
    expect([failed.code, failed.msg]).toEqual([-1001, 'Non è stato possibile importare il feed: HTTP 404']);
    const sources = await call<{ list: { lastError: string | null }[] }>(
      t.app,
      'GET',
      '/admin/news/sources',
      {},
      {
        token: admin,
      },
    );
    expect(sources.data.list[0]?.lastError).toBe('HTTP 404');
    expect(await countRows(t.db, 'news_articles')).toBe(0);
    const badUrl = await call(
      t.app,
      'POST',
      '/admin/news/sources/save',
      { name: 'x', url: 'file:///etc/passwd', language: 'en-US', active: 1 },
      { token: admin },
    );
    expect(badUrl.msg).toBe('Enter the feed’s address, starting with http:// or https://.');
  });
});

describe('banners', () => {
  const save = (over: Record<string, string | number>, lang = 'en-US') =>
    call<{ id: number }>(
      t.app,
      'POST',
      '/admin/banners/save',
      {
        titleIt: 'Notizie',
        titleEn: 'News',
        target: '/pages/news/list',
        sortOrder: 1,
        startsAt: clock.ms,
        ...over,
      },
      { token: admin, lang },
    );

  it('lead to a page of the app, in their order and window', async () => {
    const image = await uploadImage(t.app, admin, { name: 'b.png', type: 'image/png', bytes: pngBytes() });
    const second = await save({ imageId: image.data.id, sortOrder: 2, target: '/pages/stock/vote' });
    const first = await save({ imageId: image.data.id, sortOrder: 1, endsAt: clock.ms + 60_000 });
    expect([first.code, second.code]).toEqual([0, 0]);
    const ads = () =>
      call<{ list: { id: number; title: string; target: string }[] }>(
        t.app,
        'GET',
        '/index/ads',
        {},
        { lang: 'it-IT' },
      );
    expect((await ads()).data.list).toMatchObject([
      { id: first.data.id, title: 'Notizie', target: '/pages/news/list' },
      { id: second.data.id, target: '/pages/stock/vote' },
    ]);
    clock.advance(60_000);
    expect((await ads()).data.list.map((b) => b.id)).toEqual([second.data.id]);
    await call(t.app, 'POST', '/admin/banners/withdraw', { id: second.data.id }, { token: admin });
    expect((await ads()).data.list).toEqual([]);
  });

  it('refuse a target outside the app by name, and a window that ends before it starts', async () => {
    const image = await uploadImage(t.app, admin, { name: 'b.png', type: 'image/png', bytes: pngBytes() });
    const outside = await save({ imageId: image.data.id, target: 'https://evil.example/' });
    expect(outside.msg).toBe(
      '“https://evil.example/” is not a page of the app: a banner leads to a page such as /pages/news/list.',
    );
    const unknown = await save({ imageId: image.data.id, target: '/pages/news/nowhere' }, 'it-IT');
    expect(unknown.msg).toBe(
      "«/pages/news/nowhere» non è una pagina dell'app: un banner porta a una pagina come /pages/news/list.",
    );
    const script = await save({ imageId: image.data.id, target: '/pages/news/detail?id=1"><script>' });
    expect(script.code).toBe(-1001);
    const backwards = await save({ imageId: image.data.id, endsAt: clock.ms - 1 });
    expect(backwards.msg).toBe('The end must come after the start.');
    expect(await countRows(t.db, 'banners')).toBe(0);
    const ok = await save({ imageId: image.data.id, target: '/pages/news/detail?id=3' });
    expect(ok.code, ok.msg).toBe(0);
  });
});

describe('demo mode', () => {
  it('seeds articles with covers, a banner into the news and an open poll, once', async () => {
    const demo = await createTestApp({ clock, env: { DATA_DIR: dataDir }, seed: true });
    try {
      const news = await call<{ list: Item[] }>(demo.app, 'GET', '/index/news', {}, { lang: 'it-IT' });
      expect(news.data.list.length).toBe(3);
      expect(news.data.list.every((a) => a.cover !== null)).toBe(true);
      const ads = await call<{ list: { target: string }[] }>(demo.app, 'GET', '/index/ads', {});
      expect(ads.data.list.map((b) => b.target)).toEqual(['/pages/news/list']);
      const vote = await call<{ vote: { state: string } }>(demo.app, 'GET', '/index/vote/info', {});
      expect(vote.data.vote.state).toBe('open');
      // A restart seeds again: nothing is added the second time.
      const services = { db: demo.db, clock, config: demo.config } as unknown as Services;
      await seedDemoContent(services, localBlobStore(path.join(dataDir, 'blobs')));
      expect(await countRows(demo.db, 'news_articles')).toBe(3);
      expect(await countRows(demo.db, 'vote_polls')).toBe(1);
    } finally {
      await demo.close();
    }
  });
});
