import { createContext, useContext } from 'react';
import { SessionStore } from './session.ts';
import { SettingsStore } from './settings.ts';
import { SiteStore } from './site.ts';
import { TabsStore } from './tabs.ts';

export class RootStore {
  readonly settings = new SettingsStore();
  readonly site = new SiteStore(this.settings);
  readonly session = new SessionStore();
  readonly tabs = new TabsStore();
}

export const StoreContext = createContext<RootStore | null>(null);

export function useStores(): RootStore {
  const stores = useContext(StoreContext);
  if (!stores) throw new Error('useStores outside <StoreContext.Provider>');
  return stores;
}
