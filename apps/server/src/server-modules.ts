import { registerLedgerChecks } from './ledger/ledger-check';
import { adminModule } from './modules/admin';
import { assetsModule } from './modules/assets';
import { bondsModule } from './modules/bonds';
import { coinModule } from './modules/coin';
import { coinContractModule } from './modules/coin-contract';
import { contentModule } from './modules/content';
import { documentsModule } from './modules/documents';
import { fundingModule } from './modules/funding';
import { identityModule } from './modules/identity';
import { kycModule } from './modules/kyc';
import { lendingModule } from './modules/lending';
import { managedModule } from './modules/managed';
import { marketModule } from './modules/market';
import { noticesModule } from './modules/notices';
import { optionsModule } from './modules/options';
import { portfolioModule } from './modules/portfolio';
import { priceAlertsModule } from './modules/price-alerts';
import { primaryModule } from './modules/primary';
import { pushModule } from './modules/push';
import { regulatoryModule } from './modules/regulatory';
import { savingsPlansModule } from './modules/savings-plans';
import { securityModule } from './modules/security';
import { serviceModule } from './modules/service';
import { stockContractModule } from './modules/stock-contract';
import { systemModule } from './modules/system';
import { taxesModule } from './modules/taxes';
import { tradingModule } from './modules/trading';
import { vipModule } from './modules/vip';
import type { ServerModule } from './platform/server-module';
import { registerWorkQueues } from './platform/work-queues';

/**
 * Every module of the server, in the order they are mounted: the one place a new domain is registered
 * (docs/adding-a-domain.md). Modules that guard routes of others' calls come first where it matters.
 */
export const serverModules: readonly ServerModule[] = [
  systemModule,
  identityModule,
  assetsModule,
  marketModule,
  securityModule,
  contentModule,
  adminModule,
  kycModule,
  fundingModule,
  tradingModule,
  stockContractModule,
  optionsModule,
  coinContractModule,
  coinModule,
  primaryModule,
  managedModule,
  lendingModule,
  vipModule,
  savingsPlansModule,
  priceAlertsModule,
  regulatoryModule,
  pushModule,
  serviceModule,
  noticesModule,
  documentsModule,
  taxesModule,
  portfolioModule,
  bondsModule,
];

/** The modules' ledger checks, registered with the ledger for the verifier (buildApp and ledger:verify). */
export function registerModuleLedgerChecks(): void {
  for (const m of serverModules) registerLedgerChecks(m.ledgerChecks ?? []);
}

/** The modules' work queues, registered for the back office's dashboard (buildApp). */
export function registerModuleWorkQueues(): void {
  for (const m of serverModules) registerWorkQueues(m.workQueues ?? []);
}
