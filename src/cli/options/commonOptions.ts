/**
 * Options several commands share, each described once. Defaults come from the constants the code runs with.
 */
import { DEFAULT_PIPELINE_OPTIONS } from '../../pipeline/pipelineOptions.ts';
import { DEFAULT_PAGE_TIMEOUT_MS } from '../browser/readablePage.ts';
import { DEFAULT_MODEL_FILE } from '../modelFile.ts';
import type { OptionSpec } from './commandSpec.ts';
import { DEFAULT_SCRIPTS } from './optionValues.ts';

export const PENALTY_OPTION = {
  type: 'string',
  value: 'C',
  help: "the smoothing's penalty factor c: starting a segment at node i costs γᵢ = c·A/Aᵢ (A the page's area, " +
    "Aᵢ the node's); a larger c gives fewer, bigger segments",
  default: DEFAULT_PIPELINE_OPTIONS.penaltyFactor,
} as const satisfies OptionSpec;

export const THRESHOLD_OPTION = {
  type: 'string',
  value: 'T',
  help: 'smoothed templateness (0 to 1) at or above which a segment is template; the rest is content',
  default: DEFAULT_PIPELINE_OPTIONS.threshold,
} as const satisfies OptionSpec;

export const TIMEOUT_OPTION = {
  type: 'string',
  value: 'MS',
  help: 'milliseconds for everything done for one page (loading, injecting Winnow, running it); a page that never ' +
    'finishes loading or tries to navigate away is read from the document it has, one whose scripts keep it busy ' +
    'as parsed (scripts off), each with a warning',
  default: DEFAULT_PAGE_TIMEOUT_MS,
} as const satisfies OptionSpec;

export const SCRIPTS_OPTION = {
  type: 'string',
  value: 'on|off',
  help: "whether the pages' own scripts run (Winnow's script always does); a page whose scripts hold it is read " +
    'with them off anyway, with a warning',
  default: DEFAULT_SCRIPTS,
} as const satisfies OptionSpec;

export const SITE_OPTION = {
  type: 'boolean',
  help: 'the files, in the order given, are pages of one site: each is cleaned with what the pages before it ' +
    'taught the site memory (SiteLevel, RTDM-TD, block clusters), then remembered; not with --scripts off',
} as const satisfies OptionSpec;

export const MODEL_OPTION = {
  type: 'string',
  value: 'PATH',
  help: 'the model weights file (as `winnow train` writes it)',
  default: DEFAULT_MODEL_FILE,
} as const satisfies OptionSpec;

export const LIMIT_OPTION = {
  type: 'string',
  value: 'N',
  help: 'only the first N pages of each set (a quick run)',
} as const satisfies OptionSpec;
