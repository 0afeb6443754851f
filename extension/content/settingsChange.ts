import { ONE_PAGE_MODES, type Mode, type SiteSettings } from '../shared/settings.ts';
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

/** The mode shown, kept as the site's mode; not inspect or segments, tools for looking at one page (ONE_PAGE_MODES). */
export async function rememberMode(state: PageState, deps: Pick<ControllerDeps, 'saveSettings'>, mode: Mode):
  Promise<void> {
  if (!ONE_PAGE_MODES.includes(mode)) await changeSettings(state, deps, { mode });
}
