import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { LoadFailed } from './load-failed';

type BlockModule = { default: ComponentType };
type BlockLoader = () => Promise<BlockModule>;

const loaded = new Map<BlockLoader, ComponentType>();

/**
 * A part of a page whose code comes as its own chunk, so the rest of the page does not wait for it: the
 * fallback while it loads, a retry if its chunk cannot be fetched (React.lazy would remember the failure
 * and take the whole page down with it). Pass a loader defined once at module level.
 */
export function LazyBlock({ load, fallback }: { load: BlockLoader; fallback: ReactNode }) {
  const [Component, setComponent] = useState<ComponentType | undefined>(() => loaded.get(load));
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger
  useEffect(() => {
    if (loaded.has(load)) return;
    let current = true;
    setFailed(false);
    load().then(
      (mod) => {
        loaded.set(load, mod.default);
        if (current) setComponent(() => mod.default);
      },
      () => {
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [load, attempt]);

  if (Component) return <Component />;
  if (failed) return <LoadFailed onRetry={() => setAttempt((n) => n + 1)} />;
  return <>{fallback}</>;
}
