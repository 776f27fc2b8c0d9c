/**
 * The languages the apps speak (SPEC.md §9). packages/contract declares the same union for the wire; core
 * imports nothing of ours, so it names it again and TypeScript matches the two structurally.
 */
export type Language = 'it-IT' | 'en-US';
