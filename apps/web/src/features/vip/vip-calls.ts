import { userAssets } from '@piazza/contract/calls/assets';
import { userVipInfo, userVipNotes } from '@piazza/contract/calls/vip';

/** What claiming the trial or buying a plan changes: read again after one. */
export const vipRefreshCalls = [userVipInfo, userVipNotes, userAssets] as const;
