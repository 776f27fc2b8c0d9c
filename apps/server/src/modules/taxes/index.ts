/*
 * The face of the taxes module (issue 19 items 1–3, decisions 048 and 049): capital gains withheld under the
 * regime amministrato with the zainetto fiscale, the Tobin tax and the stamp duty. Other modules call
 * `withholdOnSale` in the transaction of each sale or close that realises a result; spot fills call
 * `taxSpotFill`; a dollar option's purchase calls `taxOptionBought` (its premium's euro cost, decision 065). The
 * tickets and the plan's sale preview ask `estimateWithholding`. The documents read `taxYearSummary`.
 */
import type { ServerModule } from '../../platform/server-module';
import { bindTaxMarket } from './fx';
import { taxChecks } from './ledger-checks';
import { registerTaxes } from './routes';

export { taxContractClose, taxOptionBought, taxOptionEnd } from './closes';
/** The same as withholdOnSale: the name the other modules' briefs use. */
export {
  /** The average cost a sale of some of a pool's units releases (trading's one-call market order, decision 072). */
  costReleased,
  /** What a sale's result would withhold, read only: the tickets' and previews' estimate (gainRules, zainetto). */
  estimateWithholding,
  /** A sale's tax worked out without the database, from the rows its order read (decision 072). */
  planSale,
  pooledCost,
  regimeOf,
  type SaleResult,
  type TaxRegime,
  type Withholding,
  type WithholdingEstimate,
  withholdOnSale,
  withholdOnSale as realiseGain,
} from './gains';
export { taxSpotFill } from './spot';
export {
  realisationsOf,
  type TaxYearCurrency,
  type TaxYearSummary,
  taxYearSummary,
  type ZainettoLoss,
  zainettoOf,
} from './summary';
export { taxYearOf } from './tax-days';

export const taxesModule: ServerModule = {
  name: 'taxes',
  register: async (app, services) => {
    // The EUR/USD and the instruments the taxes read inside other modules' transactions (decision 065).
    bindTaxMarket(services.market);
    return registerTaxes(app, services);
  },
  ledgerChecks: taxChecks,
};
