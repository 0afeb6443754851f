/**
 * The popup's "Site memory" section: how many pages of this site Winnow remembers, what the run used, problems with
 * the stored data, and forget / forget everything / export. Forgetting asks first (focus lands on "Keep it", Escape
 * keeps), so a misclick loses nothing; after it the page is shown again without the site prior.
 */
import { callBackground, callTab } from '../shared/runtimeClient.ts';
import type { RunStatus } from '../shared/runStatus.ts';
import { siteMemoryHost } from '../shared/siteMemoryApi.ts';
import { downloadJson, siteMemoryFileName } from '../shared/downloadFile.ts';
import { ConfirmPrompt } from './confirmPrompt.ts';

const METHOD_NAMES: Record<string, string> = { siteLevel: 'SiteLevel', rtdm: 'RTDM-TD', blocks: 'block clusters' };

export interface SiteMemoryPanelDeps {
  tabId(): number;
  tabUrl(): string;
  /** Winnow ran on the tab, so there is a page to show again without the site prior. */
  pageRan(): boolean;
  /** A new status from the page (after forgetting). */
  showStatus(status: RunStatus): void;
  fail(e: unknown): void;
}

export class SiteMemoryPanel {
  private readonly pages: HTMLElement;
  private readonly used: HTMLElement;
  private readonly problem: HTMLElement;
  private readonly templates: HTMLElement;
  private readonly forgetSite: HTMLButtonElement;
  private readonly forgetAll: HTMLButtonElement;
  private readonly exportButton: HTMLButtonElement;
  private readonly confirm: ConfirmPrompt;
  private lastPages = 0;
  private lastSites = 0;

  constructor(private readonly doc: Document, private readonly deps: SiteMemoryPanelDeps) {
    const el = <T extends HTMLElement>(id: string) => doc.getElementById(id) as T;
    this.pages = el('site-pages');
    this.used = el('site-used');
    this.problem = el('site-problem');
    this.templates = el('site-templates');
    this.forgetSite = el('forget-site');
    this.forgetAll = el('forget-all');
    this.exportButton = el('export-site-memory');
    this.confirm = new ConfirmPrompt({
      box: el('forget-confirm'), question: el('forget-question'), yes: el('forget-yes'), no: el('forget-no'),
    });
    this.forgetSite.addEventListener('click', () => this.ask('site', this.forgetSite));
    this.forgetAll.addEventListener('click', () => this.ask('all', this.forgetAll));
    this.exportButton.addEventListener('click', () => void this.exportAll());
  }

  /** What the run did with the site memory (called with every status). */
  showRun(status: RunStatus): void {
    const site = status.site;
    this.templates.textContent = site ? String(site.templateSegments) : '–';
    if (!site) {
      this.used.textContent = '';
      this.problem.hidden = true;
      return;
    }
    const methods = site.methods.map((m) => METHOD_NAMES[m] ?? m).join(', ');
    this.used.textContent = site.setAside === 'copy'
      ? 'This page looks like a copy of one already remembered (another address), so the site memory was not used on it.'
      : site.setAside === 'large'
        ? 'This page has too many elements for the site memory: it was neither used nor added to.'
        : site.pagesSeen > 0 && methods
          ? `This page was compared with ${plural(site.pagesSeen, 'other page')} (${methods}).`
          : '';
    this.problem.textContent = site.problem ?? '';
    this.problem.hidden = !site.problem;
  }

  /** Reads the counts from the background (the truth, whichever tab stored last) and enables the buttons. */
  async refresh(): Promise<void> {
    const host = siteMemoryHost(this.deps.tabUrl());
    const info = await callBackground('siteMemoryInfo', { url: this.deps.tabUrl() });
    this.lastPages = info.pages;
    this.lastSites = info.sites;
    this.pages.textContent = host
      ? `${plural(info.pages, 'page')} of this site seen`
      : 'Winnow keeps no site memory for this page (it is not on a web site).';
    this.pages.dataset.pages = String(info.pages);
    this.forgetSite.disabled = !host || info.pages === 0;
    this.forgetAll.disabled = info.sites === 0;
    this.exportButton.disabled = info.sites === 0;
  }

  private ask(what: 'site' | 'all', opener: HTMLButtonElement): void {
    const question = what === 'site'
      ? `Forget the ${plural(this.lastPages, 'page')} Winnow remembers of ${siteMemoryHost(this.deps.tabUrl())}?`
      : `Forget what Winnow remembers of all ${plural(this.lastSites, 'site')}? Your settings are kept.`;
    this.confirm.ask(opener, () => this.forget(what), { question });
  }

  private async forget(what: 'site' | 'all'): Promise<void> {
    try {
      if (what === 'site') await callBackground('forgetSite', { url: this.deps.tabUrl() });
      else await callBackground('forgetAllSites', {});
    } catch (e) {
      this.deps.fail(e);
      return;
    }
    try {
      // The page drops the site prior it was shown with; a page without Winnow running has nothing to drop.
      if (this.deps.pageRan()) this.deps.showStatus(await callTab(this.deps.tabId(), 'forgetSite', {}));
    } catch (e) {
      // The memory is gone whatever the tab says (it may have navigated away): the counts below still change.
      this.deps.fail(e);
    }
    await this.refresh().catch((e: unknown) => this.deps.fail(e));
    // Focus stays in the section: on the next thing still to do, or on the count that just changed.
    const next = [this.forgetSite, this.forgetAll, this.exportButton].find((b) => !b.disabled);
    (next ?? this.pages).focus();
  }

  private async exportAll(): Promise<void> {
    try {
      const file = await callBackground('exportSiteMemory', {});
      downloadJson(this.doc, file, siteMemoryFileName(new Date(file.createdAt)));
    } catch (e) {
      this.deps.fail(e);
    }
  }
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
