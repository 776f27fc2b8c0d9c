/** The deposit and withdrawal routes code links to, and the pages of other areas they lead to. */
export const fundingPaths = {
  recharge: '/pages/recharge/recharge',
  rechargeChannel: '/pages/recharge/rechargeChannel',
  bankRecharge: '/pages/recharge/bankRecharge',
  offlineRecharge: '/pages/recharge/offlineRecharge',
  cryptoRecharge: '/pages/recharge/cryptoRecharge',
  coinRecharge: '/pages/recharge/coinRecharge',
  rechargeCheck: '/pages/recharge/rechargeCheck',
  rechargeRecord: '/pages/recharge/rechargeRecord',
  bankRecord: '/pages/recharge/bankRecord',
  cryptoRecord: '/pages/recharge/cryptoRecord',
  coinRechargeList: '/pages/recharge/coinRechargeList',
  withdraw: '/pages/withdraw/withdraw',
  bankWithdraw: '/pages/withdraw/bankWithdraw',
  cryptoWithdraw: '/pages/withdraw/cryptoWithdraw',
  withdrawRecord: '/pages/withdraw/withdrawRecord',
  recordIndex: '/pages/withdraw/recordIndex',
  withdrawCryptoRecord: '/pages/withdraw/cryptoRecord',
  withdrawCryptoDetail: '/pages/withdraw/cryptoRecordDetail',
  withdrawBankDetail: '/pages/withdraw/bankRecordDetail',
  kyc: '/pages/user/kyc',
  withdrawPassword: '/pages/user/tradePassword?type=withdraw',
  addBank: '/pages/wallet/addBank',
  addAddress: '/pages/wallet/addAdress',
  assets: '/pages/user/assets',
} as const;

/** A withdrawal's own page: bank and e-wallet withdrawals at bankRecordDetail, crypto ones at cryptoRecordDetail. */
export function withdrawDetailPath(w: { id: number; method: 'bank' | 'wallet' | 'crypto' }): string {
  const page = w.method === 'crypto' ? fundingPaths.withdrawCryptoDetail : fundingPaths.withdrawBankDetail;
  return `${page}?id=${w.id}`;
}
