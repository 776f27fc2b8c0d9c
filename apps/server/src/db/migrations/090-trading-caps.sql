-- The operator's leverage caps and the contract and option terms that were constants (decision 021), beside
-- each market's fees and bounds in trading_settings, seeded with the values the code had. Stock markets
-- (XMIL, XNYS) carry the caps of their shares and indices by ESMA class and the minimum option purchase;
-- CRYPTO carries the perpetuals' cap, fee, maintenance margin and minimum margin. A cap is never above
-- ESMA's retail limit (the save refuses it first; the checks are the last word). Amounts are minor units of
-- the market's currency.
alter table trading_settings
  add column leverage_share_max       integer check (leverage_share_max between 1 and 5),
  add column leverage_major_index_max integer check (leverage_major_index_max between 1 and 20),
  add column leverage_other_index_max integer check (leverage_other_index_max between 1 and 10),
  add column leverage_crypto_max      integer check (leverage_crypto_max between 1 and 2),
  add column option_amount_min        bigint check (option_amount_min > 0),
  add column perpetual_fee_bp         integer check (perpetual_fee_bp between 0 and 1000),
  add column perpetual_maintenance_bp integer check (perpetual_maintenance_bp between 1 and 5000),
  add column perpetual_margin_min     bigint check (perpetual_margin_min > 0);

update trading_settings set leverage_share_max = 5, leverage_major_index_max = 20, leverage_other_index_max = 10,
                            option_amount_min = 5000
 where market in ('XMIL', 'XNYS');
update trading_settings set leverage_crypto_max = 2, perpetual_fee_bp = 5, perpetual_maintenance_bp = 50,
                            perpetual_margin_min = 10000000
 where market = 'CRYPTO';

alter table trading_settings add constraint trading_settings_terms_per_market check (
  case when market = 'CRYPTO'
    then leverage_crypto_max is not null and perpetual_fee_bp is not null and perpetual_maintenance_bp is not null
         and perpetual_margin_min is not null
    else leverage_share_max is not null and leverage_major_index_max is not null
         and leverage_other_index_max is not null and option_amount_min is not null
  end);

-- A perpetual keeps the maintenance rate and fee rate it was opened under: its liquidation price and its
-- closing fee do not move when the operator saves new terms. Positions opened before this migration had the
-- old constants.
alter table coin_contract_positions
  add column maintenance_rate_bp integer not null default 50 check (maintenance_rate_bp between 1 and 5000),
  add column fee_rate_bp         integer not null default 5 check (fee_rate_bp between 0 and 1000);
