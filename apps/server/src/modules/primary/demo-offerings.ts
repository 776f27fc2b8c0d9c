import type { Services } from '../../services';
import { saveBlock } from './blocks';
import { publish, saveDraft } from './offering-admin';

/*
 * Demo mode's primary market (issue 12): at the first start with no offering yet, an IPO open now, one coming,
 * an offline placement, an ICO and a block trade, timed from the clock, so every page has real content and the
 * jobs (allotment, payment deadline, listing) run on their dates as the demo clock passes them.
 */

const hour = 3_600_000;
const day = 24 * hour;

export async function seedDemoOfferings(services: Services): Promise<void> {
  const { db, clock } = services;
  const [count] = await db.query<{ n: bigint }>('select count(*) as n from offerings');
  if ((count?.n ?? 0n) > 0n) return;
  const now = clock.now();
  // Whole hours from now, so the dates read cleanly.
  const at = (offset: number) => Math.ceil(now / hour) * hour + offset;
  const common = {
    description: '',
    documentUrl: 'https://example.com/piazza-demo/prospectus.pdf',
    minLots: 1,
    vipOnly: false,
    freezeOnApply: false,
  };
  const drafts = [
    {
      ...common,
      kind: 'ipo' as const,
      symbol: 'FALP',
      name: 'Ferrovie Alpine',
      isin: 'IT0005678013',
      market: 'XMIL' as const,
      issuePrice: '8.40',
      discountPercent: '3',
      lotSize: 50,
      maxLots: 40,
      lotsOffered: 2_000,
      description: 'Operatore ferroviario regionale delle Alpi: la IPO dimostrativa aperta ora.',
      opensAt: now,
      closesAt: at(7 * day),
      allotsAt: at(7 * day + 2 * hour),
      payBy: at(9 * day),
      listsAt: at(10 * day),
    },
    {
      ...common,
      kind: 'ipo' as const,
      symbol: 'VTOS',
      name: 'Vigneti Toscani',
      isin: 'IT0005678021',
      market: 'XMIL' as const,
      issuePrice: '15.00',
      lotSize: 20,
      maxLots: 25,
      lotsOffered: 800,
      description: 'Tenute vitivinicole toscane: le sottoscrizioni aprono tra tre giorni.',
      opensAt: at(3 * day),
      closesAt: at(10 * day),
      allotsAt: at(10 * day + 2 * hour),
      payBy: at(12 * day),
      listsAt: at(13 * day),
    },
    {
      ...common,
      kind: 'offline' as const,
      symbol: 'OMEC',
      name: 'Officine Meccaniche Emiliane',
      isin: 'IT0005678039',
      market: 'XMIL' as const,
      issuePrice: '22.00',
      lotSize: 100,
      maxLots: 10,
      lotsOffered: 150,
      description: 'Collocamento riservato, assegnato a mano dall’operatore.',
      opensAt: now,
      closesAt: at(5 * day),
      allotsAt: at(5 * day + 2 * hour),
      payBy: at(8 * day),
      listsAt: at(9 * day),
    },
    {
      ...common,
      kind: 'ico' as const,
      symbol: 'LAGO',
      name: 'Lagoon Network',
      issuePrice: '0.12',
      lotSize: 100,
      maxLots: 500,
      lotsOffered: 20_000,
      documentUrl: 'https://example.com/piazza-demo/white-paper.pdf',
      description: 'Cripto-attività dimostrativa con il suo white paper MiCA.',
      opensAt: now,
      closesAt: at(6 * day),
      allotsAt: at(6 * day + 2 * hour),
      payBy: at(8 * day),
      listsAt: at(9 * day),
    },
  ];
  await db.tx(async (q) => {
    for (const draft of drafts) {
      const saved = await saveDraft(q, services.market, null, draft, now);
      await publish(q, null, Number(saved.id), now);
    }
    await saveBlock(
      q,
      services,
      null,
      {
        symbol: 'ENI.MI',
        pricing: 'discount',
        discountPercent: '3',
        quantity: 5_000,
        minQuantity: 100,
        lockDays: 30,
        opensAt: now,
        closesAt: at(14 * day),
        deliversAt: at(15 * day),
        vipOnly: false,
      },
      now,
    );
  });
}
