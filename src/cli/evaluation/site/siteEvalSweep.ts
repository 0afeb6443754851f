/**
 * The sweeps of `winnow eval --dataset site` that pick SITE_PRIOR_DEFAULTS (src/site/memory/sitePrior.ts): rule ×
 * strength, then how far the prior pulls toward content and from how many pages. Each setting is ranked by its mean
 * gain over the page level alone; its worst (site, sample size) is shown beside it, because a setting that wins on
 * average can still cost one site most of its template. Pure: numbers in, Markdown lines out.
 */
import type { SitePriorSettings } from '../../../site/memory/sitePrior.ts';
import { cellF, priorKey } from './siteEvalMeasure.ts';
import type { SiteDatasetResult, SiteReportContext } from './siteEvalResult.ts';

export interface SettingRank<T> {
  setting: T;
  key: string;
  /** Per dataset with cells (same order): mean over its (site, n) cells of F(setting) − F(page level). */
  gains: number[];
  /** Mean of the dataset gains (each dataset weighs the same, whatever its number of sites). */
  meanGain: number;
  /** The (site, sample size) where F(setting) − F(page level) is lowest; null without cells. */
  worst: { change: number; site: string; n: number } | null;
}

/** Mean gains closer than this are a tie: one site more or less would reorder them. */
export const PRIOR_TIE = 0.002;

export const signed = (v: number) => (Number.isFinite(v) ? `${v >= 0 ? '+' : '−'}${Math.abs(v).toFixed(3)}` : '—');

/** Settings ranked by their mean gain over the page level alone, best first (input order breaks ties). */
export function rankSettings<T>(datasets: SiteDatasetResult[], settings: readonly T[], keyOf: (t: T) => string):
  Array<SettingRank<T>> {
  const used = datasets.filter((d) => d.cells.length > 0);
  const ranks = settings.map((setting): SettingRank<T> => {
    const key = keyOf(setting);
    const change = (c: SiteDatasetResult['cells'][number]) => cellF(c, key) - cellF(c, 'pageLevel');
    const gains = used.map((d) => d.cells.reduce((sum, c) => sum + change(c), 0) / d.cells.length);
    let worst: SettingRank<T>['worst'] = null;
    for (const c of used.flatMap((d) => d.cells)) {
      if (!worst || change(c) < worst.change) worst = { change: change(c), site: c.site, n: c.n };
    }
    const meanGain = gains.length ? gains.reduce((a, b) => a + b, 0) / gains.length : NaN;
    return { setting, key, gains, meanGain, worst };
  });
  return ranks.sort((a, b) => b.meanGain - a.meanGain); // a stable sort: equal gains keep the settings' order
}

/** The report's sections on the two sweeps, each bolding the shipped setting. */
export function sweepSections(datasets: SiteDatasetResult[], ctx: SiteReportContext): string[] {
  const used = datasets.filter((d) => d.cells.length > 0);
  const shipped = ctx.shippedPrior;
  const shippedKey = priorKey(shipped);
  const lines: string[] = [];
  lines.push('## Which prior: rule × strength', '');
  lines.push('Each setting\'s gain in template-term F over the page level alone, averaged over the (site, sample size) ' +
    'cells of a dataset; the mean weighs each dataset the same; *worst* is the (site, sample size) where it gains ' +
    'least. Rules: a node is pulled toward template when `siteLevel`, `rtdm` or `blocks` marks it, when `any` ' +
    'method does, or when two of the available methods do (`majority`); strength k moves a score x to ' +
    'x + k·(1 − x). Every setting pulls the other nodes with text down as the shipped prior does (down ' +
    `${shipped.down} from ${shipped.minPagesSeen} pages).`, '');
  const ruleRanks = rankSettings(datasets, ctx.priors, priorKey);
  lines.push(...gainTable(used, ruleRanks, (p) => [p.rule, String(p.strength)], ['rule', 'strength'], shippedKey));
  lines.push(...sweepVerdict(ruleRanks, shippedKey, (p) => `rule \`${p.rule}\`, strength ${p.strength}`,
    `${ctx.priors.length} settings, two parameters`));

  lines.push('## Which pull toward content: down × pages', '');
  lines.push('The page level\'s errors on these sites are mostly content it takes away — its recall of template terms ' +
    'is near 1 — so a prior that only adds template cannot fix them (iana\'s own lists of links, for one). The ' +
    'shipped prior also pulls every node with text that its rule does *not* mark toward content, ' +
    'x\' = (1 − down)·x, once the memory holds at least the given number of the site\'s other pages and the rule\'s ' +
    `method had enough pages to speak. Rule and strength are the shipped ones (${shipped.rule}, ${shipped.strength}); ` +
    `down 0 is the one-sided prior. The sample sizes are ${ctx.sizes.join(', ')}, so a gate between two of them ` +
    'measures as the next one up.', '');
  const downRanks = rankSettings(datasets, ctx.downGrid, priorKey);
  lines.push(...gainTable(used, downRanks, (p) => [String(p.down), p.down > 0 ? String(p.minPagesSeen) : '—'],
    ['down', 'from pages'], shippedKey));
  lines.push(...sweepVerdict(downRanks, shippedKey, (p) => (p.down > 0
    ? `down ${p.down} from ${p.minPagesSeen} pages` : 'down 0 (one-sided)'), `${ctx.downGrid.length} settings`));
  return lines;
}

const worstText = (w: SettingRank<unknown>['worst']) => (w ? `${signed(w.change)} (${w.site}, ${w.n})` : '—');

/**
 * The best setting of a sweep and what that says about the shipped one. A shipped setting behind the best by more
 * than a tie is still kept when its worst site loses less: the mean is over a handful of sites.
 */
function sweepVerdict(ranks: Array<SettingRank<SitePriorSettings>>, shippedKey: string,
  name: (p: SitePriorSettings) => string, size: string): string[] {
  const best = ranks[0];
  if (!best) return [];
  const shipped = ranks.find((r) => r.key === shippedKey);
  let verdict: string;
  if (!shipped) verdict = 'The shipped default was not measured.';
  else if (shipped === best) {
    verdict = 'It is the shipped default (`SITE_PRIOR_DEFAULTS` in src/site/memory/sitePrior.ts; bold above).';
  }
  else if (best.meanGain - shipped.meanGain <= PRIOR_TIE) {
    verdict = `The shipped default, ${name(shipped.setting)} (bold above, ${signed(shipped.meanGain)}), is within ` +
      `${PRIOR_TIE} of it: a tie on these few sites.`;
  } else if (shipped.worst && best.worst && shipped.worst.change > best.worst.change + PRIOR_TIE) {
    verdict = `The shipped default, ${name(shipped.setting)} (bold above, ${signed(shipped.meanGain)}), gives up ` +
      `${(best.meanGain - shipped.meanGain).toFixed(3)} of mean gain for its worst site: ` +
      `${worstText(shipped.worst)} against the best's ${worstText(best.worst)}.`;
  } else {
    verdict = `The shipped default is ${name(shipped.setting)} (bold above, ${signed(shipped.meanGain)}); set ` +
      '`SITE_PRIOR_DEFAULTS` to the best to follow this report.';
  }
  return [`Best: ${name(best.setting)} (mean gain ${signed(best.meanGain)}). ${verdict} The setting is chosen on the ` +
    `same held-out sites it is reported on (${size}).`, ''];
}

function gainTable<T>(used: SiteDatasetResult[], ranks: Array<SettingRank<T>>, cellsOf: (t: T) => string[],
  heads: string[], boldKey: string): string[] {
  const out = [`| ${heads.join(' | ')} | ${used.map((d) => `gain, ${d.name}`).join(' | ')} | mean gain | worst |`,
    `| ${heads.map(() => '---').join(' | ')} | ${used.map(() => '---').join(' | ')} | --- | --- |`];
  for (const r of ranks) {
    const cells = [...cellsOf(r.setting), ...r.gains.map(signed), signed(r.meanGain), worstText(r.worst)];
    out.push(`| ${(r.key === boldKey ? cells.map((c) => `**${c}**`) : cells).join(' | ')} |`);
  }
  out.push('');
  return out;
}
