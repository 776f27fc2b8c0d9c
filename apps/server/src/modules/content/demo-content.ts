import { one } from '../../db/db';
import type { BlobStore } from '../../platform/blob-store';
import type { Services } from '../../services';
import { writeBanner } from './banners';
import { gradientPng } from './demo-png';
import { storeImage } from './images';
import { writeArticle } from './news';
import { sanitiseRichText } from './rich-text';
import { writePoll } from './votes';

/*
 * Demo mode's news, banner and poll: three articles with covers in both languages, a banner leading to the
 * news, and a poll open for a month. Seeded once: nothing is added when any article, banner or poll exists,
 * so a restart (or an operator's own content) is left as it is.
 */

const hourMs = 60 * 60_000;
const dayMs = 24 * hourMs;

const articles = [
  {
    colours: [
      [17, 76, 140],
      [120, 190, 230],
    ] as const,
    symbols: 'ENI.MI',
    hoursAgo: 2,
    titleIt: 'Energia: i mercati guardano alle scorte di gas per l’inverno',
    titleEn: 'Energy: markets watch gas storage ahead of winter',
    bodyIt:
      '<p>Gli stoccaggi europei sono vicini al massimo stagionale e i prezzi del gas restano sotto i livelli dello scorso anno.</p><p>Per le società energetiche quotate a Milano contano i margini di raffinazione e la domanda industriale.</p><p><em>Notizia di esempio della modalità demo: non è un consiglio di investimento.</em></p>',
    bodyEn:
      '<p>European storage is close to its seasonal peak and gas prices stay below last year’s levels.</p><p>For energy companies listed in Milan, refining margins and industrial demand matter most.</p><p><em>Demo-mode sample news: not investment advice.</em></p>',
  },
  {
    colours: [
      [22, 110, 74],
      [160, 220, 180],
    ] as const,
    symbols: 'ISP.MI,UCG.MI',
    hoursAgo: 26,
    titleIt: 'Banche: la BCE lascia invariati i tassi',
    titleEn: 'Banks: the ECB leaves rates unchanged',
    bodyIt:
      '<p>La Banca centrale europea ha mantenuto invariati i tassi di riferimento, come atteso dagli analisti.</p><ul><li>Tasso sui depositi invariato</li><li>Nessuna indicazione sui prossimi mesi</li></ul><p><em>Notizia di esempio della modalità demo.</em></p>',
    bodyEn:
      '<p>The European Central Bank kept its key rates unchanged, as analysts expected.</p><ul><li>Deposit rate unchanged</li><li>No guidance on the coming months</li></ul><p><em>Demo-mode sample news.</em></p>',
  },
  {
    colours: [
      [110, 40, 120],
      [230, 170, 210],
    ] as const,
    symbols: '',
    hoursAgo: 50,
    titleIt: 'Come leggere un grafico a candele',
    titleEn: 'How to read a candlestick chart',
    bodyIt:
      '<p>Ogni candela mostra apertura, massimo, minimo e chiusura di un periodo.</p><p>Il corpo è pieno quando il prezzo scende, vuoto quando sale. Apri una scheda titolo per provarlo.</p>',
    bodyEn:
      '<p>Each candle shows a period’s open, high, low and close.</p><p>The body is filled when the price falls and hollow when it rises. Open a share’s page to try it.</p>',
  },
];

export async function seedDemoContent(services: Services, blobs: BlobStore): Promise<void> {
  const { db, clock } = services;
  const seeded = await one(
    db,
    `select 1 from news_articles where source_id is null
     union all select 1 from banners union all select 1 from vote_polls limit 1`,
  );
  if (seeded) return;
  const now = clock.now();
  const covers: string[] = [];
  for (const a of articles) {
    const image = await storeImage(db, blobs, gradientPng(640, 320, a.colours[0], a.colours[1]), null, now);
    if (!image) throw new Error('the demo cover is not a PNG');
    covers.push(image.id);
  }
  const bannerImage = await storeImage(
    db,
    blobs,
    gradientPng(750, 250, [190, 60, 40], [250, 190, 90]),
    null,
    now,
  );
  if (!bannerImage) throw new Error('the demo banner is not a PNG');

  await db.tx(async (tx) => {
    for (const [i, a] of articles.entries()) {
      await writeArticle(tx, {
        titleIt: a.titleIt,
        titleEn: a.titleEn,
        bodyIt: sanitiseRichText(a.bodyIt),
        bodyEn: sanitiseRichText(a.bodyEn),
        coverId: covers[i] ?? null,
        symbols: a.symbols,
        publishAt: new Date(now - a.hoursAgo * hourMs),
      });
    }
    await writeBanner(tx, {
      titleIt: 'Le notizie dei mercati, ogni giorno',
      titleEn: 'Market news, every day',
      imageId: bannerImage.id,
      target: '/pages/news/list',
      sortOrder: 0,
      startsAt: new Date(now - hourMs),
      endsAt: null,
    });
    await writePoll(tx, {
      questionIt: 'Quale mercato segui di più?',
      questionEn: 'Which market do you follow most?',
      optionsIt: ['Azioni italiane', 'Azioni USA', 'Criptovalute', 'Materie prime'],
      optionsEn: ['Italian shares', 'US shares', 'Crypto', 'Commodities'],
      opensAt: new Date(now - hourMs),
      closesAt: new Date(now + 30 * dayMs),
    });
  });
}
