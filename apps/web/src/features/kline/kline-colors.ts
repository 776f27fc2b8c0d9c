/*
 * Colours of the K-line, shared by the chart and the page. Up is green and down is red, the European
 * convention Italian investors read (Chinese terminals use the opposite): the same values as the app's
 * --pz-up and --pz-down, which the texts around the chart use (a canvas cannot read CSS variables).
 */

export const upColor = '#0a7d43';
export const downColor = '#c4262e';

/** Line colours in the order an indicator's lines are drawn: short period first. */
export const lineColors = ['#f59e0b', '#a855f7', '#2563eb'] as const;

export const gridColor = '#f0f0f3';
export const axisTextColor = '#6b6b70';
