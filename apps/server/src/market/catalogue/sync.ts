import type { Queryable } from '../../db/db';
import type { Instrument } from '../instrument';

/**
 * Upserts the catalogue into `instruments`, so orders, holdings and the watchlist can refer to a symbol.
 * Idempotent: a restart leaves unchanged rows alone, and a field changed in the code wins over the stored
 * one. Rows the code does not name (history may refer to them) are left as they are.
 */
export async function syncInstruments(q: Queryable, instruments: readonly Instrument[]): Promise<void> {
  // One row at a time in symbol order: concurrent starts of several instances then lock rows in one order.
  const sorted = [...instruments].sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0));
  for (const i of sorted) {
    await q.query(
      `insert into instruments (symbol, name, kind, isin, country, sector, currency, base_asset, calendar,
         price_scale, tick_size, quantity_scale, lot_size, anchor_price, volatility, drift, average_daily_volume,
         listed)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)
       on conflict (symbol) do update set
         name = excluded.name, kind = excluded.kind, isin = excluded.isin, country = excluded.country,
         sector = excluded.sector, currency = excluded.currency, base_asset = excluded.base_asset,
         calendar = excluded.calendar, price_scale = excluded.price_scale, tick_size = excluded.tick_size,
         quantity_scale = excluded.quantity_scale, lot_size = excluded.lot_size,
         anchor_price = excluded.anchor_price, volatility = excluded.volatility, drift = excluded.drift,
         average_daily_volume = excluded.average_daily_volume, listed = excluded.listed, updated_at = piazza_now()
       where (instruments.name, instruments.kind, instruments.isin, instruments.country, instruments.sector,
              instruments.currency, instruments.base_asset, instruments.calendar, instruments.price_scale,
              instruments.tick_size, instruments.quantity_scale, instruments.lot_size, instruments.anchor_price,
              instruments.volatility, instruments.drift, instruments.average_daily_volume, instruments.listed)
         is distinct from
             (excluded.name, excluded.kind, excluded.isin, excluded.country, excluded.sector, excluded.currency,
              excluded.base_asset, excluded.calendar, excluded.price_scale, excluded.tick_size,
              excluded.quantity_scale, excluded.lot_size, excluded.anchor_price, excluded.volatility,
              excluded.drift, excluded.average_daily_volume, excluded.listed)`,
      [
        i.symbol,
        i.name,
        i.kind,
        i.isin,
        i.country,
        i.sector,
        i.currency,
        i.baseAsset,
        i.calendar,
        i.priceScale,
        i.tickSize,
        i.quantityScale,
        i.lotSize,
        i.anchorPrice,
        i.volatility,
        i.drift,
        i.averageDailyVolume,
        i.listed,
      ],
    );
  }
}
