/**
 * Inspect mode's card: what Winnow knows about one segment, compact, in our shadow root. What the content script has
 * at once (the verdict, the nesting, the rect, word and link counts, the person's label) shows at once; what the engine
 * computes (raw score, feature contributions, site evidence, merge penalty) fills in when it answers. Every part
 * carries `data-field`, so tests read the card by what it says. The card is placed by inspectCardPlacement.ts.
 */
import type { NodeInspection } from '../../src/inspect/nodeInspection.ts';
import type { SegmentLabel } from '../../src/labels/annotationFile.ts';
import { featureWords } from './featureWords.ts';
import type { PageUi } from './pageUi.ts';

export interface CardFacts {
  /** The segment's smoothed score and the model's verdict at the run's threshold. */
  score: number;
  template: boolean;
  human: { label: SegmentLabel; notSaved: boolean } | null;
  /** Names of the enclosing segments, outermost first, this one last. */
  breadcrumb: string[];
  rect: { x: number; y: number; width: number; height: number };
  words: number;
  links: number;
  /** The engine's answer: null while it is asked, a message when it failed. */
  inspection: NodeInspection | null | { failed: string };
}

const CSS = `
.inspect-card { position: fixed; z-index: 1; width: 300px; max-height: calc(100vh - 16px); overflow: auto;
  padding: 8px 10px; border-radius: 8px; font: 12px/1.4 system-ui, sans-serif; color: #1b1b1b; background: #fff;
  border: 1px solid #888; box-shadow: 0 4px 16px rgba(0,0,0,.25); pointer-events: none; }
.inspect-card .head { font-weight: 600; display: flex; flex-wrap: wrap; gap: 4px 8px; }
.inspect-card .you { padding: 0 5px; border-radius: 3px; color: #fff; }
.inspect-card .you.content { background: rgb(20, 120, 50); }
.inspect-card .you.template { background: rgb(30, 80, 190); }
.inspect-card .muted { color: #555; }
.inspect-card .crumbs b { font-weight: 700; }
.inspect-card ol { margin: 4px 0; padding-left: 18px; }
.inspect-card .keys { margin-top: 4px; color: #555; font-size: 11px; }
`;

const f2 = (x: number) => x.toFixed(2);

export class InspectCard {
  private el: HTMLElement | null = null;

  constructor(private readonly ui: PageUi) {}

  get element(): HTMLElement | null {
    return this.el;
  }

  /** Shows the card with these facts (replacing what it showed); placed by the caller. */
  show(facts: CardFacts): HTMLElement {
    this.ui.addStyle('inspect-card', CSS);
    const doc = this.ui.root.ownerDocument!;
    if (!this.el) {
      this.el = doc.createElement('div');
      this.el.className = 'inspect-card';
      this.el.setAttribute('role', 'status');
      this.ui.root.append(this.el);
    }
    this.el.replaceChildren(...cardLines(doc, facts));
    return this.el;
  }

  hide(): void {
    this.el?.remove();
    this.el = null;
  }
}

function cardLines(doc: Document, facts: CardFacts): HTMLElement[] {
  const line = (field: string, text: string, className = ''): HTMLElement => {
    const el = doc.createElement('div');
    el.dataset.field = field;
    if (className) el.className = className;
    el.textContent = text;
    return el;
  };
  const head = line('verdict', '', 'head');
  const verdict = doc.createElement('span');
  verdict.textContent = `model: ${facts.template ? 'template' : 'content'}`;
  const smoothed = doc.createElement('span');
  smoothed.dataset.field = 'smoothed';
  smoothed.textContent = `smoothed ${f2(facts.score)}`;
  const raw = doc.createElement('span');
  raw.dataset.field = 'raw';
  const ins = facts.inspection;
  raw.textContent = ins && 'rawScore' in ins ? `raw ${f2(ins.rawScore)}` +
    (Math.abs(ins.priorScore - ins.rawScore) > 0.005 ? ` · with site ${f2(ins.priorScore)}` : '') : 'raw …';
  head.append(verdict, smoothed, raw);
  if (facts.human) {
    const you = doc.createElement('span');
    you.className = `you ${facts.human.label}`;
    you.dataset.field = 'human';
    you.textContent = `you: ${facts.human.label}${facts.human.notSaved ? ' (not saved)' : ''}`;
    head.append(you);
  }
  const crumbs = line('breadcrumb', '', 'crumbs');
  facts.breadcrumb.forEach((name, i) => {
    if (i > 0) crumbs.append(' › ');
    const last = i === facts.breadcrumb.length - 1;
    const part = doc.createElement(last ? 'b' : 'span');
    part.textContent = name;
    crumbs.append(part);
  });
  const r = facts.rect;
  const lines: HTMLElement[] = [head, crumbs, line('counts',
    `${Math.round(r.width)} × ${Math.round(r.height)} px at ${Math.round(r.x)}, ${Math.round(r.y)} · ` +
    `${facts.words} words · ${facts.links} links`, 'muted')];
  if (ins && 'failed' in ins) lines.push(line('engine', `No details: ${ins.failed}`, 'muted'));
  else if (ins) lines.push(...engineLines(doc, ins, line));
  lines.push(line('keys', 'click or T / C / U: label · Z: undo · ← →: next · ↑ ↓: parent, child · Esc', 'keys'));
  return lines;
}

function engineLines(doc: Document, ins: NodeInspection,
  line: (field: string, text: string, className?: string) => HTMLElement): HTMLElement[] {
  const out: HTMLElement[] = [];
  if (ins.contributions.length > 0) {
    const list = doc.createElement('ol');
    list.dataset.field = 'features';
    for (const c of ins.contributions) {
      const item = doc.createElement('li');
      const towards = c.contribution >= 0 ? 'template' : 'content';
      item.textContent = `${c.contribution >= 0 ? '+' : '−'}${f2(Math.abs(c.contribution))} → ${towards}: ` +
        `${featureWords(c.feature)} (${Number(c.value.toPrecision(3))})`;
      list.append(item);
    }
    out.push(line('features-title', 'What pushed the score (logit):', 'muted'), list);
  }
  if (ins.site) {
    out.push(line('site', `Site memory: ${ins.site.template ? 'repeats across' : 'not repeated on'} ` +
      `${ins.site.pagesSeen} pages of this site (${ins.site.methods.join(', ') || 'no method'})`));
  }
  const m = ins.merge;
  out.push(line('merge', m.penaltyFactor === null ? `Stays apart from its parent at any penalty (now c = ${m.current})`
    : `Merges with its parent at c ≥ ${Number(m.penaltyFactor.toPrecision(3))} (now c = ${m.current})`));
  return out;
}

/** A segment's name in the breadcrumb: its tag, with its id or first class when it has one. */
export function segmentName(el: Element | undefined): string {
  if (!el) return '?';
  const tag = el.localName;
  if (el.id) return `${tag}#${el.id}`.slice(0, 40);
  const cls = el.classList?.[0];
  return cls ? `${tag}.${cls}`.slice(0, 40) : tag;
}
