/** Routes that code outside their own pages needs to name. */
export const paths = {
  home: '/pages/tabbar/home',
  login: '/pages/account/login',
  register: '/pages/account/reg',
  findPasswd: '/pages/common/findPasswd',
  mine: '/pages/tabbar/mine',
  lang: '/pages/common/lang',
  userInfo: '/pages/user/userInfo',
  security: '/pages/user/security',
  loginPassword: '/pages/user/loginPassword',
  about: '/pages/user/about',
  assets: '/pages/user/assets',
  kyc: '/pages/user/kyc',
  /** The copy-trading funds, offered beside the AI products on the AI Multiplier tab. */
  funds: '/pages/follow/index',
  privacyPolicy: '/pages/common/privacyPolicy',
  disclaimer: '/pages/common/disclaimer',
  companyIntroduction: '/pages/common/companyIntroduction',
  accessibility: '/pages/common/accessibility',
} as const;
