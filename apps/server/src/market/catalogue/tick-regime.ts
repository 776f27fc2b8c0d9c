import { parseAmount } from '@piazza/core/money';

/**
 * The MiFID II tick-size regime for shares (Commission Delegated Regulation (EU) 2017/588, Annex): the
 * smallest price step depends on the price and on the liquidity band, which is set by the average daily
 * number of transactions on the most liquid market. Band 1 is fewer than 10 a day; then 10, 80, 600, 2,000
 * and 9,000 or more (band 6). FTSE MIB shares sit in bands 4 to 6.
 */
export type LiquidityBand = 1 | 2 | 3 | 4 | 5 | 6;

/** Each row: prices from `from` (inclusive) up to the next row's, and the tick of bands 1 to 6. */
const regime: readonly { from: string; ticks: readonly [string, string, string, string, string, string] }[] =
  [
    { from: '0', ticks: ['0.0005', '0.0002', '0.0001', '0.00005', '0.00002', '0.00001'] },
    { from: '0.1', ticks: ['0.001', '0.0005', '0.0002', '0.0001', '0.00005', '0.00002'] },
    { from: '0.2', ticks: ['0.002', '0.001', '0.0005', '0.0002', '0.0001', '0.00005'] },
    { from: '0.5', ticks: ['0.005', '0.002', '0.001', '0.0005', '0.0002', '0.0001'] },
    { from: '1', ticks: ['0.01', '0.005', '0.002', '0.001', '0.0005', '0.0002'] },
    { from: '2', ticks: ['0.02', '0.01', '0.005', '0.002', '0.001', '0.0005'] },
    { from: '5', ticks: ['0.05', '0.02', '0.01', '0.005', '0.002', '0.001'] },
    { from: '10', ticks: ['0.1', '0.05', '0.02', '0.01', '0.005', '0.002'] },
    { from: '20', ticks: ['0.2', '0.1', '0.05', '0.02', '0.01', '0.005'] },
    { from: '50', ticks: ['0.5', '0.2', '0.1', '0.05', '0.02', '0.01'] },
    { from: '100', ticks: ['1', '0.5', '0.2', '0.1', '0.05', '0.02'] },
    { from: '200', ticks: ['2', '1', '0.5', '0.2', '0.1', '0.05'] },
    { from: '500', ticks: ['5', '2', '1', '0.5', '0.2', '0.1'] },
    { from: '1000', ticks: ['10', '5', '2', '1', '0.5', '0.2'] },
    { from: '2000', ticks: ['20', '10', '5', '2', '1', '0.5'] },
    { from: '5000', ticks: ['50', '20', '10', '5', '2', '1'] },
    { from: '10000', ticks: ['100', '50', '20', '10', '5', '2'] },
    { from: '20000', ticks: ['200', '100', '50', '20', '10', '5'] },
    { from: '50000', ticks: ['500', '200', '100', '50', '20', '10'] },
  ];

/** The tick as a decimal ('0.0005') for a price given as a decimal ('2.35') in a liquidity band. */
export function mifidTick(price: string, band: LiquidityBand): string {
  // Compared at a scale fine enough for every bound and price of the table.
  const scale = 8;
  const minor = parseAmount(price, scale);
  if (minor === null) throw new RangeError(`not a price: ${price}`);
  let tick = regime[0]!.ticks[band - 1]!;
  for (const row of regime) {
    if (minor >= parseAmount(row.from, scale)!) tick = row.ticks[band - 1]!;
  }
  return tick;
}
