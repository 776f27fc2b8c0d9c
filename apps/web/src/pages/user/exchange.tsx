// SPEC §2 lists /pages/user/exchange beside /pages/exchange/index: both are the currency exchange.
export { default } from '../exchange/index';
