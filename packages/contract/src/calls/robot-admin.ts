import { z } from 'zod';
import { defineCall } from '../define';
import { decimalField, flagField, intField, pageFields, rowIdField } from '../fields';
import { listOf } from '../wire';
import {
  basketLine,
  robotOrderView,
  robotStatuses,
  robotView,
  seriesPoint,
  strategyIds,
} from './robot-shapes';

/*
 * AI Multiplier products in the back office (issue 13 item 6): an admin creates a product (strategy, basket,
 * limits, fees, period), pauses and resumes it, and reads its book, NAV history and subscribers. No input of
 * these calls is a figure the investor sees as a result (a return, a rate, an accuracy): those are measured
 * (decision 033); a test reads these inputs and finds none.
 */

const whole = (key: string, min: number, max: number) =>
  intField(key).pipe(z.number().min(min, { error: key }).max(max, { error: key }));

export const adminRobots = defineCall({
  method: 'GET',
  path: '/admin/robots',
  auth: 'operator',
  tag: 'admin-robot',
  summary: 'Every product, paused ones included, by level then id.',
  input: { ...pageFields },
  output: listOf(robotView),
});

export const adminRobotInfo = defineCall({
  method: 'GET',
  path: '/admin/robots/info',
  auth: 'operator',
  tag: 'admin-robot',
  summary: 'One product’s book (cash and holdings), its NAV history and its subscriptions with the investor.',
  input: { id: rowIdField },
  output: z.object({
    robot: robotView,
    cash: z.string(),
    holdings: z.array(basketLine),
    navs: z.array(
      z.object({ day: z.string(), nav: z.string(), value: z.string(), units: z.string(), fee: z.string() }),
    ),
    navSeries: z.array(seriesPoint),
    orders: z.array(robotOrderView.extend({ investor: z.string() })),
  }),
});

export const adminRobotSave = defineCall({
  method: 'POST',
  path: '/admin/robots/save',
  auth: 'operator',
  tag: 'admin-robot',
  summary:
    'Creates a product (no id) or changes one (id): name, strategy and basket (fixed once created), level, period, lock-in, early exit, amounts and the management fee. Audited.',
  input: {
    id: rowIdField.optional(),
    name: z
      .string({ error: 'robot.name' })
      .trim()
      .min(1, { error: 'robot.name' })
      .max(60, { error: 'robot.name' }),
    strategy: z.enum(strategyIds, { error: 'robot.strategy' }),
    /** Comma-separated symbols of listed Italian shares, 1 to 10. */
    basket: z.string({ error: 'robot.basket' }).trim().min(1, { error: 'robot.basket' }),
    level: whole('robot.level', 1, 5),
    periodDays: whole('robot.period', 1, 3650),
    lockDays: whole('robot.lock', 0, 3650),
    earlyExit: flagField(),
    minAmount: decimalField(2, 'robot.minAmount'),
    maxAmount: decimalField(2, 'robot.maxAmount'),
    /** Annual management fee in percent, 0 to 5. */
    managementFeePercent: decimalField(2, 'robot.fee'),
  },
  output: robotView,
});

export const adminRobotStatus = defineCall({
  method: 'POST',
  path: '/admin/robots/status',
  auth: 'operator',
  tag: 'admin-robot',
  summary:
    'Pauses a product (no new subscriptions; the book keeps running for those in it) or resumes it. Audited.',
  input: { id: rowIdField, status: z.enum(robotStatuses, { error: 'field.invalid' }) },
  output: robotView,
});
