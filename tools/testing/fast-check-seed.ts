import fc from 'fast-check';

/**
 * Property tests draw the same cases on every run unless FC_SEED says otherwise (`FC_SEED=random` draws
 * fresh ones, a number replays a run). A property that fails fails on the developer's machine as it would
 * in CI, and a red CI run is never a lucky draw: decision 036.
 */
const asked = process.env.FC_SEED;
if (asked !== 'random') {
  const seed = asked === undefined ? 20_261_129 : Number(asked);
  if (!Number.isSafeInteger(seed)) throw new Error(`FC_SEED must be an integer or "random", not ${asked}`);
  fc.configureGlobal({ ...fc.readConfigureGlobal(), seed });
}
