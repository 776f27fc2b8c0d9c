-- Shares that arrive otherwise than by a fill (an IPO's allotment, a block trade) keep what they cost and when they
-- arrived, so the trading results replay them as acquisitions: a sale of such shares found no fill that bought
-- them and /stock/order/statistics failed. Lots delivered before this migration count as arriving when they
-- settled, at no recorded cost.
alter table stock_lots add column cost bigint check (cost >= 0);
alter table stock_lots add column delivered_at timestamptz;
update stock_lots set delivered_at = settles_at where source <> 'fill';
