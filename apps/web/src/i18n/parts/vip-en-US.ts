import type { vipItIT } from './vip-it-IT';

/** Texts of the VIP page (stock/vip), in English. */
export const vipEnUS: Record<keyof typeof vipItIT, string> = {
  'vipPage.pin': 'Transaction password',
  'vipPage.title': 'VIP',
  'vipPage.state.none': 'You are not a VIP member',
  'vipPage.state.active': 'VIP member',
  'vipPage.state.trial': 'VIP member on a free trial',
  'vipPage.state.expired': 'VIP membership expired',
  'vipPage.endsAt': 'Valid until {0}',
  'vipPage.endedAt': 'Expired on {0}',
  'vipPage.about':
    'VIP members receive research notes on IPOs, short-term trades and block trades, when customer service has turned the stock strategy service on for them.',
  'vipPage.trialTitle': 'Free trial',
  'vipPage.trialText': '{0} days of VIP at no cost. The trial can be claimed once.',
  'vipPage.trialClaim': 'Start {0} free days',
  'vipPage.trialClaimed': 'VIP trial started',
  'vipPage.promptExpired': 'Your membership has expired: choose a plan to renew it.',
  'vipPage.promptBuy': 'Choose a plan to become a VIP member.',
  'vipPage.plans': 'Plans',
  'vipPage.noPlans': 'No plan is on sale at the moment.',
  'vipPage.planDays': '{0} days',
  'vipPage.buy': 'Buy',
  'vipPage.extend': 'Extend',
  'vipPage.confirmBuy': 'You buy {1} days of VIP for {0}, paid from your {2} account.',
  'vipPage.confirmExtend':
    'You extend VIP by {1} days for {0}, paid from your {3} account: the days are added after {2}.',
  'vipPage.pay': 'Pay {0}',
  'vipPage.bought': 'VIP plan bought',
  'vipPage.noIncentive': 'VIP changes no fees, leverage, margins or trading limits.',
  'vipPage.notes': 'VIP notes',
  'vipPage.notesEmpty': 'No notes published yet.',
  'vipPage.kind.ipo': 'IPO',
  'vipPage.kind.shortTerm': 'Short term',
  'vipPage.kind.block': 'Block trades',
  'vipPage.by': 'by {0}',
  'vipPage.more': 'Show more',
};
