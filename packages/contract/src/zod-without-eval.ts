import { z } from 'zod/v4';

/*
 * What the web app and the back office get when they import 'zod' (their Vite configs alias it here): zod,
 * told before any schema is built not to compile parsers with `new Function`. Under our Content-Security-
 * Policy (script-src 'self', no 'unsafe-eval', decision 031) that would fail, and even zod's probe for eval,
 * made when the first object schema is built, is reported as a violation. The server keeps the compiled
 * parsers.
 */
z.config({ jitless: true });

export * from 'zod/v4';
