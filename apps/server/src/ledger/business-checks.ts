import { coinContractChecks } from '../modules/coin-contract/ledger-checks';
import { fundingChecks } from '../modules/funding/ledger-checks';
import { optionChecks } from '../modules/options/ledger-checks';
import { stockContractChecks } from '../modules/stock-contract/ledger-checks';
import { tradingChecks } from '../modules/trading/ledger-checks';
import { tradingSettingsChecks } from '../modules/trading/settings-checks';
import { tpslChecks } from '../modules/trading/tpsl-checks';
import type { LedgerCheck } from './ledger-check';

/**
 * "Every business row that moved money has its entry" (DESIGN.md §5), one check per kind of row. Each module
 * that moves money (deposits, withdrawals, orders, …) adds its check here when it adds its table: typically
 * a query for its rows whose `journal_entries` (by ref_type and ref_id, or by idempotency key) is missing, and
 * for entries of its ref_type whose row is missing. The foundation has no business tables yet.
 */
export const businessChecks: LedgerCheck[] = [
  ...fundingChecks,
  ...tradingChecks,
  ...tradingSettingsChecks,
  ...tpslChecks,
  ...coinContractChecks,
  ...optionChecks,
  ...stockContractChecks,
];
