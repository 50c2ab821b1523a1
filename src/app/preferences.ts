// Layout and language preferences kept with the account (issue 18): saved by the account's 个性化 page,
// applied once after a sign-in on any browser. Between sign-ins the browser's own choices stand (the
// header's language switch, the staging settings drawer), so a reload never undoes them.
import { accountApi, type LayoutPreferences } from '../api/account.ts';
import { isLanguage } from '../locales/index.ts';
import type { RootStore } from '../stores/index.ts';
import { PREFERENCES_DUE } from '../stores/session.ts';
import { switchLanguage } from './language.ts';

export async function applyServerPreferences(stores: RootStore): Promise<void> {
  if (!sessionStorage.getItem(PREFERENCES_DUE)) return;
  sessionStorage.removeItem(PREFERENCES_DUE);
  let layout: LayoutPreferences;
  try {
    layout = (await accountApi.preferences()).layout;
  } catch {
    return; // the browser's own settings stay
  }
  const { settings } = stores;
  if (layout.navTheme) settings.setNavTheme(layout.navTheme);
  if (layout.layout) settings.setLayout(layout.layout);
  if (layout.contentWidth) settings.setContentWidth(layout.contentWidth);
  if (typeof layout.multiTab === 'boolean') settings.setMultiTab(layout.multiTab);
  if (isLanguage(layout.language) && layout.language !== settings.language) await switchLanguage(stores, layout.language);
}

/** Saves a change for the next sign-in elsewhere; a failure leaves this browser's change in place. */
export function saveLayoutPreference(patch: LayoutPreferences): Promise<unknown> {
  return accountApi.savePreferences({ layout: patch }).catch(() => undefined);
}
