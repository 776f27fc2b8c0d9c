-- The captcha becomes an ALTCHA proof-of-work challenge (decision 028): a row keeps the challenge's salt and
-- signature until it expires, and is marked used at its first try. Image captchas in flight are dropped.
delete from captchas;
alter table captchas drop column answer_hash;
alter table captchas add column salt text not null;
alter table captchas add column signature text not null;
