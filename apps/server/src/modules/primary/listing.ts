import type { Queryable } from '../../db/db';
import { ensureAsset } from '../../ledger/post';
import { calendarFor } from '../../market/calendar/calendar-for';
import { isoOfDay } from '../../market/calendar/civil-date';
import { localDayOf } from '../../market/calendar/zoned-time';
import { syncInstruments } from '../../market/catalogue/sync';
import type { Instrument } from '../../market/instrument';
import type { Services } from '../../services';
import { type OfferingRow, offeringColumns, scaleOf } from './offering-rows';

/*
 * A listed offering's share as the market knows it (issue 12 item 3): it trades on the simulator from its
 * issue price on the listing day, deterministically from then on, like every other instrument. Every instance
 * adds the listed shares to its market at start and when another instance announces a listing.
 */

const listedTopic = 'primary:listed';
// Prices of new Italian listings carry 3 decimals as Borsa Italiana shows them; New York's 2.
const priceScales = { XMIL: 3, XNYS: 2 } as const;

/** The day of the first session still to close at the listing instant: a listing after 17:30 trades next day. */
function firstSessionDay(calendarId: 'XMIL' | 'XNYS' | 'CRYPTO', listsAtMs: number): number {
  const calendar = calendarFor(calendarId);
  let day = localDayOf(calendar.timeZone, listsAtMs);
  for (let i = 0; i < 14; i++, day++) {
    const session = calendar.sessionOnDay(day);
    if (session && session.close > listsAtMs) return day;
  }
  throw new Error(`no ${calendarId} session in the fortnight after ${new Date(listsAtMs).toISOString()}`);
}

/**
 * Shares a new listing trades a day on the simulator: a fifth of what was offered, as first days trade
 * heavily, but never so few that the book cannot take an ordinary order (a demo or test offering is small).
 */
const listingVolume = (offered: bigint): bigint => (offered / 5n > 50_000n ? offered / 5n : 50_000n);

/** An ICO's coin: traded against USDT around the clock, whole coins, priced with the offering's decimals. */
function coinPairOf(o: OfferingRow): Instrument {
  return {
    symbol: o.instrument,
    name: o.name,
    kind: 'crypto',
    isin: null,
    country: null,
    sector: null,
    currency: 'USDT',
    baseAsset: o.symbol,
    calendar: 'CRYPTO',
    priceScale: scaleOf('USDT'),
    tickSize: 1n,
    quantityScale: 0,
    lotSize: 1n,
    anchorPrice: o.issuePrice,
    volatility: 0.9,
    drift: 0,
    // A new coin changes hands about its whole float a day.
    averageDailyVolume: BigInt(o.lotsOffered) * o.lotSize,
    listed: true,
    firstDay: isoOfDay(firstSessionDay('CRYPTO', o.listsAt.getTime())),
  };
}

export function instrumentOf(o: OfferingRow): Instrument {
  if (o.market === 'CRYPTO') return coinPairOf(o);
  const calendar = o.market;
  const priceScale = priceScales[calendar];
  const currencyScale = scaleOf(o.currency);
  const listingDay = firstSessionDay(calendar, o.listsAt.getTime());
  return {
    symbol: o.instrument,
    name: o.name,
    kind: 'stock',
    isin: o.isin,
    country: calendar === 'XMIL' ? 'IT' : 'US',
    sector: null,
    currency: o.currency,
    baseAsset: null,
    calendar,
    priceScale,
    tickSize: calendar === 'XMIL' ? 5n : 1n,
    quantityScale: 0,
    lotSize: 1n,
    // The issue price (not the discounted offer price) is the reference the first session trades from.
    anchorPrice: o.issuePrice * 10n ** BigInt(priceScale - currencyScale),
    volatility: 0.4,
    drift: 0.05,
    averageDailyVolume: listingVolume(BigInt(o.lotsOffered) * o.lotSize),
    listed: true,
    firstDay: isoOfDay(listingDay),
  };
}

/** The ledger asset the offering delivers: the share (`NEWCO.MI`) or the coin (`NEWC`). */
export const deliveredAssetOf = (o: OfferingRow): string => (o.kind === 'ico' ? o.symbol : o.instrument);

/** Writes the instrument and its asset rows, in the listing's transaction. */
export async function recordListing(q: Queryable, o: OfferingRow): Promise<Instrument> {
  const instrument = instrumentOf(o);
  await ensureAsset(q, {
    code: deliveredAssetOf(o),
    kind: o.kind === 'ico' ? 'crypto' : 'security',
    scale: instrument.quantityScale,
  });
  await syncInstruments(q, [instrument]);
  return instrument;
}

/** Adds every listed offering's share to this instance's market, and listens for the others' listings. */
export async function loadListings(services: Services): Promise<() => Promise<void>> {
  const add = async () => {
    const rows = await services.db.query<OfferingRow>(
      `select ${offeringColumns} from offerings where status = 'listed' order by id`,
    );
    for (const row of rows) services.market.add(instrumentOf(row));
  };
  await add();
  return services.bus.subscribe(listedTopic, () => {
    add().catch((err: unknown) => services.log.warn({ err }, 'listed offerings not loaded'));
  });
}

export function announceListing(services: Services, o: OfferingRow): void {
  services.market.add(instrumentOf(o));
  services.bus.publish(listedTopic, { id: Number(o.id) }).catch((err: unknown) => {
    services.log.warn({ err }, 'listing not announced');
  });
}
