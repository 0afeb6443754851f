/**
 * The popup: opening it runs Winnow on the tab; it switches modes, tunes penalty and threshold (re-smoothing the
 * kept classification in the worker, no new capture), exports annotations, keeps the "always run here" choice and
 * shows the site memory (siteMemoryPanel.ts), the person's labels (labelsPanel.ts) and their model (modelPanel.ts).
 * `?tab=N` names the tab (tests open the popup as a tab of its own, which then is the active tab).
 */
import browser from 'webextension-polyfill';
import { callBackground, callTab } from '../shared/runtimeClient.ts';
import type { RunStatus } from '../shared/runStatus.ts';
import { MODES, penaltyFromSlider, sliderFromPenalty, type Mode } from '../shared/settings.ts';
import { loadSiteSettings, saveSiteSettings } from '../shared/settingsStore.ts';
import { friendlyError } from '../shared/friendlyErrors.ts';
import { originMatchPattern } from '../shared/originPattern.ts';
import { segmentsSummary } from '../shared/segmentsSummary.ts';
import { downloadJson, exportFileName } from '../shared/downloadFile.ts';
import { webisSegmentationOf } from '../../src/labels/webisSegmentation.ts';
import { SiteMemoryPanel } from './siteMemoryPanel.ts';
import { LabelsPanel } from './labelsPanel.ts';
import { ModelPanel } from './modelPanel.ts';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const statusEl = $('status');
const errorEl = $('error');
const segmentsStatus = $('segments-status');
const modes = $<HTMLFieldSetElement>('modes');
const tuning = $<HTMLFieldSetElement>('tuning');
const penalty = $<HTMLInputElement>('penalty');
const penaltyValue = $<HTMLOutputElement>('penalty-value');
const threshold = $<HTMLInputElement>('threshold');
const thresholdValue = $<HTMLOutputElement>('threshold-value');
const alwaysRun = $<HTMLInputElement>('always-run');
const exportButton = $<HTMLButtonElement>('export');
const exportWebisButton = $<HTMLButtonElement>('export-webis');
const saveButtons = { markdown: $<HTMLButtonElement>('save-markdown'), html: $<HTMLButtonElement>('save-html') };
const SLIDER_STEPS = Number(penalty.max);

let tabId = -1;
let tabUrl = '';
/**
 * The mode last picked, until its own request is answered. Answers to earlier requests (a mode picked a moment
 * before, a slider move) still carry the old mode and must not flip the radio back under the person's click.
 */
let pickedMode: { mode: Mode; ticket: number } | null = null;
let modeTickets = 0;
let pageRan = false;
const siteMemory = new SiteMemoryPanel(document, {
  tabId: () => tabId,
  tabUrl: () => tabUrl,
  pageRan: () => pageRan,
  showStatus: (status) => show(status),
  fail: (e) => fail(e),
});
const model = new ModelPanel(document, {
  tabId: () => tabId,
  pageRan: () => pageRan,
  showStatus: (status) => show(status),
});
const labels = new LabelsPanel(document, {
  tabId: () => tabId,
  tabUrl: () => tabUrl,
  pageRan: () => pageRan,
  listed: (pages) => model.labelsListed(pages),
});

async function targetTab(): Promise<number> {
  const fromQuery = Number(new URLSearchParams(location.search).get('tab'));
  if (Number.isInteger(fromQuery) && fromQuery > 0) return fromQuery;
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  if (tab?.id === undefined) throw new Error('no active tab');
  return tab.id;
}

function show(status: RunStatus): void {
  tabUrl = status.url;
  pageRan = true;
  document.body.dataset.state = 'ready';
  const mode = pickedMode?.mode ?? status.mode;
  for (const input of modes.querySelectorAll<HTMLInputElement>('input[name=mode]')) {
    input.checked = input.value === mode;
  }
  if (document.activeElement !== penalty) penalty.value = String(Math.round(sliderFromPenalty(status.penaltyFactor) * SLIDER_STEPS));
  penaltyValue.textContent = formatPenalty(status.penaltyFactor);
  if (document.activeElement !== threshold) threshold.value = String(status.threshold);
  thresholdValue.textContent = status.threshold.toFixed(2);
  $('segments').textContent = String(status.segments);
  $('template-share').textContent = `${Math.round(status.templateTextShare * 100)}%`;
  statusEl.textContent = `${status.nodes.toLocaleString()} elements read in ${Math.round(status.timingsMs.total)} ms` +
    (status.engine === 'in-page' ? ' (in the page: no worker)' : '');
  showSegmentsStatus(status, mode);
  statusEl.dataset.captures = String(status.captures);
  statusEl.dataset.smooths = String(status.smooths);
  siteMemory.showRun(status);
  errorEl.hidden = true;
}

/** In segments mode, how many segments GCuts made and how long it took (the page's toast says it too). */
function showSegmentsStatus(status: RunStatus, mode: Mode): void {
  const g = status.graph;
  segmentsStatus.hidden = mode !== 'segments' || !g;
  if (!g) return;
  segmentsStatus.textContent = segmentsSummary(g);
}

function fail(e: unknown): void {
  document.body.dataset.state = 'error';
  errorEl.textContent = friendlyError(e instanceof Error ? e.message : String(e), tabUrl);
  errorEl.hidden = false;
  statusEl.textContent = '';
}

function formatPenalty(c: number): string {
  return c >= 0.01 ? c.toFixed(2) : c.toExponential(0);
}

/** Slider moves arrive faster than re-smoothing: one request in flight, the latest position wins. */
let inFlight: Promise<void> | null = null;
let pendingOptions: { penaltyFactor: number; threshold: number } | null = null;
function requestOptions(): void {
  pendingOptions = { penaltyFactor: penaltyFromSlider(Number(penalty.value) / SLIDER_STEPS), threshold: Number(threshold.value) };
  penaltyValue.textContent = formatPenalty(pendingOptions.penaltyFactor);
  thresholdValue.textContent = pendingOptions.threshold.toFixed(2);
  if (inFlight) return;
  inFlight = (async () => {
    while (pendingOptions) {
      const options = pendingOptions;
      pendingOptions = null;
      try {
        show(await callTab(tabId, 'setOptions', options));
      } catch (e) {
        fail(e);
      }
    }
    inFlight = null;
  })();
}

async function setMode(mode: Mode): Promise<void> {
  const ticket = ++modeTickets;
  pickedMode = { mode, ticket };
  const answered = () => { if (pickedMode?.ticket === ticket) pickedMode = null; };
  try {
    const status = await callTab(tabId, 'setMode', { mode });
    answered();
    show(status);
  } catch (e) {
    answered();
    fail(e);
  }
}

/** The page's annotations as they are, or as a Webis-WebSeg-20 segmentation (`winnow-webis-….json`). */
async function exportAnnotations(format: 'annotations' | 'webis'): Promise<void> {
  try {
    const file = await callTab(tabId, 'exportAnnotations', {});
    const name = exportFileName(file.page.url, new Date(file.createdAt));
    if (format === 'annotations') downloadJson(document, file, name);
    else downloadJson(document, webisSegmentationOf(file, name.replace(/^winnow-|\.json$/g, '')), name.replace(/^winnow-/, 'winnow-webis-'));
  } catch (e) {
    fail(e);
  }
}

/** The clean page as a file: the content script builds it and downloads it from the page. */
async function saveArticle(format: 'markdown' | 'html'): Promise<void> {
  try {
    await callTab(tabId, 'saveArticle', { format });
  } catch (e) {
    fail(e);
  }
}

async function setAlwaysRun(enabled: boolean): Promise<void> {
  try {
    const origin = new URL(tabUrl).origin;
    // The permission prompt needs the click's user gesture: ask before any other await.
    const origins = [originMatchPattern(origin, browser.runtime.getURL(''))];
    if (enabled && !(await browser.permissions.request({ origins }))) {
      alwaysRun.checked = false;
      return;
    }
    await saveSiteSettings(tabUrl, { alwaysRun: enabled });
    await callBackground('syncAlwaysRun', {});
  } catch (e) {
    alwaysRun.checked = !enabled;
    fail(e);
  }
}

async function main(): Promise<void> {
  for (const input of modes.querySelectorAll<HTMLInputElement>('input[name=mode]')) {
    input.addEventListener('change', () => { if (input.checked && MODES.includes(input.value as Mode)) void setMode(input.value as Mode); });
  }
  penalty.addEventListener('input', requestOptions);
  threshold.addEventListener('input', requestOptions);
  exportButton.addEventListener('click', () => void exportAnnotations('annotations'));
  exportWebisButton.addEventListener('click', () => void exportAnnotations('webis'));
  for (const format of ['markdown', 'html'] as const) {
    saveButtons[format].addEventListener('click', () => void saveArticle(format));
  }
  alwaysRun.addEventListener('change', () => void setAlwaysRun(alwaysRun.checked));
  try {
    tabId = await targetTab();
    // The tab's address is only for messages; the run does not wait for it.
    const urlKnown = browser.tabs.get(tabId).then((tab) => { tabUrl ||= tab.url ?? ''; }, () => {});
    const status = await callBackground('runOnTab', { tabId }).catch(async (e: unknown) => {
      await urlKnown;
      throw e;
    });
    show(status);
    alwaysRun.checked = (await loadSiteSettings(status.url)).alwaysRun;
    for (const el of [modes, tuning]) el.disabled = false;
    exportButton.disabled = false;
    exportWebisButton.disabled = false;
    for (const b of Object.values(saveButtons)) b.disabled = false;
    alwaysRun.disabled = !/^https?:/.test(status.url);
    modes.querySelector<HTMLInputElement>('input:checked')?.focus();
  } catch (e) {
    fail(e);
  }
  // Forgetting, exporting and labels work even where Winnow cannot run (a browser page).
  await Promise.all([siteMemory.refresh(), labels.refresh(), model.refresh()].map((p) => p.catch(fail)));
}

void main();
