import type { SiteSettings } from '../shared/settings.ts';
import type { ControllerDeps } from './controllerDeps.ts';
import type { PageState } from './pageState.ts';

/** A change of the site's settings made on this page (mode, sliders, reader theme): kept in the state and stored. */
export async function changeSettings(state: PageState, deps: Pick<ControllerDeps, 'saveSettings'>,
  patch: Partial<SiteSettings>): Promise<void> {
  state.settings = { ...state.settings!, ...patch };
  try {
    await deps.saveSettings(patch);
  } catch {
    // Remembering is a convenience: the page keeps working when storage is unavailable.
  }
}
