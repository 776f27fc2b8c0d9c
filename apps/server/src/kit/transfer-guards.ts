import type { Queryable } from '../db/db';
import type { Services } from '../services';

/*
 * A port through which the modules that keep money in a user's contract account say how much of it may
 * leave (decision 021). Funding runs every guard inside the transfer's own transaction, before it posts, so
 * a guard that locks the account row serialises the transfer with whatever else spends that account (a
 * contract opening locks the same row first). Funding imports no trading module: they register here.
 */

export interface ContractWithdrawal {
  userId: number;
  asset: string;
  /** Minor units of the asset. */
  amount: bigint;
  nowMs: number;
}

/** Throws a Refusal when the move would take what the account's open positions need. */
export type ContractWithdrawalGuard = (q: Queryable, move: ContractWithdrawal) => Promise<void>;

// Per server (services), so that several servers in one process (tests) keep their own.
const guards = new WeakMap<Services, ContractWithdrawalGuard[]>();

export function guardContractWithdrawals(services: Services, guard: ContractWithdrawalGuard): void {
  const list = guards.get(services) ?? [];
  list.push(guard);
  guards.set(services, list);
}

/** Runs every registered guard in the caller's transaction. */
export async function checkContractWithdrawal(
  services: Services,
  q: Queryable,
  move: ContractWithdrawal,
): Promise<void> {
  for (const guard of guards.get(services) ?? []) await guard(q, move);
}

/** Told, once a transfer into or out of the contract account has committed, whose account moved. */
export type ContractBalanceListener = (move: { userId: number; asset: string }) => void;

const listeners = new WeakMap<Services, ContractBalanceListener[]>();

/** A module whose prices depend on the contract account's equity (close-outs) listens here. */
export function onContractBalanceMoved(services: Services, listener: ContractBalanceListener): void {
  const list = listeners.get(services) ?? [];
  list.push(listener);
  listeners.set(services, list);
}

/** Funding calls this after the answer went out, so the transfer's transaction has committed. */
export function contractBalanceMoved(services: Services, move: { userId: number; asset: string }): void {
  for (const listener of listeners.get(services) ?? []) listener(move);
}
