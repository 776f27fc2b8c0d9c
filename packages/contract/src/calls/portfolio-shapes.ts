/** The enums of the portfolio calls (calls/portfolio.ts), apart so the call list holds only calls. */

/** The windows of the performance chart. */
export const performanceRanges = ['1W', '1M', '1Y', 'all'] as const;
export type PerformanceRange = (typeof performanceRanges)[number];

/**
 * The asset classes of the allocation, each shown only when held: bond ETFs count as ETFs (no bond is listed
 * yet); `managed` is money in robots and funds; `contracts` holds margin and the open P&L of perpetuals too.
 */
export const assetClasses = ['cash', 'shares', 'etfs', 'crypto', 'contracts', 'options', 'managed'] as const;
export type AssetClass = (typeof assetClasses)[number];
