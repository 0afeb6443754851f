import { DRAGNET_HOLDOUT_PERCENT } from '../datasets/dragnetPages.ts';
import { WCXB_HOLDOUT_PERCENT } from '../datasets/scrapinghubPages.ts';
import type { TrainingCorpus } from './trainingCorpus.ts';
import type { LabelVariant, SiteLevelRun } from './labelVariants.ts';

/** The model card's lines on the data a training run used and how it was split. */
export function dataLine(c: TrainingCorpus, s: SiteLevelRun, labels: LabelVariant, holdoutPercent: number): string {
  const l3s = `L3S-GN1: ${c.l3sTrain.length} training pages, ${c.l3sTest.length} held out by site ` +
    `(${holdoutPercent}% of sites by hash)`;
  const human = `${l3s}; human labels (x-nc-sel0/4 template, 1/2/3/5 content)`;
  if (labels === 'l3s') return human;
  const gold = `gold-aligned labels on ${c.dragnetGoldTrain.length} pages of Dragnet training sites and ` +
    `${c.wcxbTrain.length} pages of wcxb-dev training sites`;
  if (labels === 'gold') return `${gold} (L3S-GN1 only measured on)`;
  if (labels === 'all') return `${human}; ${gold}`;
  const dragnetPages = s.dragnetSites.reduce((n, x) => n + x.pages, 0);
  const l3sSitePages = s.l3sSites.reduce((n, x) => n + x.pages, 0);
  return `${l3s}; SiteLevel labels on ${dragnetPages} pages of ${s.dragnetSites.length} Dragnet training sites and ` +
    `${l3sSitePages} pages of ${s.l3sSites.length} L3S training sites` +
    (labels === 'both' ? '; human labels on every L3S training page' : '');
}

export function splitLines(c: TrainingCorpus, holdoutPercent: number): string[] {
  const sites = (pages: TrainingCorpus['l3sTest']) => new Set(pages.map((p) => p.page.site)).size;
  const lines = [
    `L3S-GN1: sites whose FNV-1a hash mod 100 is below ${holdoutPercent} are held out: ${c.l3sTest.length} pages of ` +
      `${sites(c.l3sTest)} sites (every variant is measured on them); ${c.l3sTrain.length} pages of ` +
      `${sites(c.l3sTrain)} sites for training`,
  ];
  if (c.counts.dragnetTest) {
    lines.push(`Dragnet: the same hash rule at ${DRAGNET_HOLDOUT_PERCENT}% (the content evaluation's) holds out ` +
      `${c.dragnetHeldOutSites.length} sites, measured on and never trained on: ${c.counts.dragnetTest} pages ` +
      `(${c.dragnetHeldOutSites.join(', ')}); ${c.dragnetTrain.length} pages of ${sites(c.dragnetTrain)} training ` +
      'sites captured; the pages sites.json assigns to no site are not used (the content evaluation has them)');
  } else if (c.counts.dragnetTrain || c.dragnetHeldOutSites.length) {
    lines.push(`Dragnet: the same hash rule at ${DRAGNET_HOLDOUT_PERCENT}% holds out ${c.dragnetHeldOutSites.length} ` +
      `sites, reserved for the content evaluation and never loaded here (${c.dragnetHeldOutSites.join(', ')}); ` +
      `${c.dragnetTrain.length} pages of ${sites(c.dragnetTrain)} training sites captured`);
  }
  if (c.counts.wcxbTrain || c.counts.wcxbTest) {
    const goldSites = (pages: TrainingCorpus['wcxbTest']) => new Set(pages.map((p) => p.page.site)).size;
    lines.push(`wcxb-dev: its fixed split holds out ${WCXB_HOLDOUT_PERCENT}% of hosts by the same hash: ` +
      `${c.counts.wcxbTest} pages (${c.wcxbTest.length} with gold labels, of ${goldSites(c.wcxbTest)} sites) measured on; ` +
      `${c.counts.wcxbTrain} pages (${c.wcxbTrain.length} with gold labels, of ${goldSites(c.wcxbTrain)} sites) for training`);
  }
  if (c.counts.iana) lines.push(`iana: all ${c.iana.length} pages held out (never trained on)`);
  return lines;
}
