import { boll } from '../indicators/bollinger';
import { rsi } from '../indicators/rsi';
import { closesOf, type Signal } from './strategy';

export interface MeanReversionParams {
  bandPeriod: number;
  bandWidth: number;
  rsiPeriod: number;
  /** Enter when the RSI is at or below this, as the close falls under the lower band. */
  rsiOversold: number;
}

export const meanReversionDefaults: MeanReversionParams = {
  bandPeriod: 20,
  bandWidth: 2,
  rsiPeriod: 14,
  rsiOversold: 30,
};

/**
 * Buy the dip: enter when the close is below the lower Bollinger band and the RSI says oversold; exit when
 * the close is back at or above the middle band (the mean it reverted to).
 */
export function meanReversion(params: MeanReversionParams = meanReversionDefaults): Signal {
  return (bars) => {
    const closes = closesOf(bars);
    const bands = boll(closes, params.bandPeriod, params.bandWidth);
    const strength = rsi(closes, params.rsiPeriod);
    let holding = false;
    return closes.map((close, i) => {
      const lower = bands.lower[i];
      const middle = bands.middle[i];
      const r = strength[i];
      if (!holding && lower != null && r != null && close < lower && r <= params.rsiOversold) holding = true;
      else if (holding && middle != null && close >= middle) holding = false;
      return holding ? 1 : 0;
    });
  };
}
