import { z } from 'zod';
import { requestIdField } from './fields';

/** Who may make a call: anyone, a signed-in investor, or a signed-in operator. */
export type CallAuth = 'guest' | 'user' | 'operator';
export const operatorRoles = ['support', 'compliance', 'finance', 'admin'] as const;
export type OperatorRole = (typeof operatorRoles)[number];
export type HttpMethod = 'GET' | 'POST';

export interface CallDef<I extends z.ZodObject = z.ZodObject, O extends z.ZodType = z.ZodType> {
  method: HttpMethod;
  /** Path below the API base `/ipcg-api`. */
  path: string;
  auth: CallAuth;
  /** Operator roles allowed besides admin (who may do everything); only for auth 'operator'. */
  roles?: readonly OperatorRole[];
  /** Moves money or places an order: takes a `requestId`, and a repeat returns the first answer. */
  money: boolean;
  summary: string;
  tag: string;
  input: I;
  output: O;
}

interface CallSpec<S extends z.ZodRawShape, O extends z.ZodType> {
  method: HttpMethod;
  path: string;
  auth: CallAuth;
  roles?: readonly OperatorRole[];
  summary: string;
  tag: string;
  input: S;
  output: O;
}

/** Declares one call of the wire. Its input is a strict object: unknown fields are refused. */
export function defineCall<S extends z.ZodRawShape, O extends z.ZodType>(
  spec: CallSpec<S, O>,
): CallDef<z.ZodObject<S, z.core.$strict>, O> {
  return { ...spec, money: false, input: z.strictObject(spec.input) };
}

const requestIdShape = { requestId: requestIdField };

/** A call that moves money or places an order: it takes a `requestId` and is answered once per id. */
export function defineMoneyCall<S extends z.ZodRawShape, O extends z.ZodType>(
  spec: CallSpec<S, O>,
): CallDef<z.ZodObject<S & typeof requestIdShape, z.core.$strict>, O> {
  return { ...spec, money: true, input: z.strictObject({ ...spec.input, ...requestIdShape }) };
}

export type CallInput<C extends CallDef> = z.output<C['input']>;
export type CallOutput<C extends CallDef> = z.output<C['output']>;
/** What a client sends: the input before the server's coercions. */
export type CallParams<C extends CallDef> = z.input<C['input']>;
