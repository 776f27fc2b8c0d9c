import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';
import { Drawer } from './drawer';

interface DrawerControl {
  openDrawer: () => void;
}

const DrawerContext = createContext<DrawerControl>({ openDrawer: () => undefined });

/** One drawer for the app, opened from the menu button of home and mine. */
export function DrawerProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const control = useMemo(() => ({ openDrawer: () => setOpen(true) }), []);
  return (
    <DrawerContext.Provider value={control}>
      {children}
      <Drawer open={open} onClose={() => setOpen(false)} />
    </DrawerContext.Provider>
  );
}

export function useDrawer(): DrawerControl {
  return useContext(DrawerContext);
}
