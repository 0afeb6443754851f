/**
 * Hides elements with an inline `display: none !important` and remembers exactly what it changed, so that restore
 * gives back the very same `style` attribute (or its absence) — unless the page changed the attribute meanwhile, in
 * which case only the `display` declaration is put back and the page's own change is kept.
 */
interface HiddenElement {
  el: HTMLElement | SVGElement;
  /** The style attribute before hiding (null: there was none). */
  originalAttribute: string | null;
  originalDisplay: string;
  originalPriority: string;
  /** The style attribute right after hiding: if it still reads so, nobody else touched it. */
  appliedAttribute: string | null;
}

export class HideRecord {
  private hidden: HiddenElement[] = [];

  get size(): number {
    return this.hidden.length;
  }

  /** Hides each element once; elements already hidden by this record are skipped. */
  hide(elements: Iterable<Element>): void {
    const already = new Set(this.hidden.map((h) => h.el));
    for (const el of elements) {
      if (!isStylable(el) || already.has(el)) continue;
      const entry: HiddenElement = {
        el,
        originalAttribute: el.getAttribute('style'),
        originalDisplay: el.style.getPropertyValue('display'),
        originalPriority: el.style.getPropertyPriority('display'),
        appliedAttribute: null,
      };
      // Through the CSSOM rather than setAttribute: a page CSP without 'unsafe-inline' blocks style attributes set
      // as markup, but not CSSOM writes.
      el.style.setProperty('display', 'none', 'important');
      entry.appliedAttribute = el.getAttribute('style');
      this.hidden.push(entry);
      already.add(el);
    }
  }

  /** Puts every element back as it was, last hidden first. */
  restore(): void {
    for (let k = this.hidden.length - 1; k >= 0; k--) restoreOne(this.hidden[k]);
    this.hidden = [];
  }
}

function restoreOne(h: HiddenElement): void {
  const { el } = h;
  const untouched = el.getAttribute('style') === h.appliedAttribute;
  if (h.originalDisplay) el.style.setProperty('display', h.originalDisplay, h.originalPriority);
  else el.style.removeProperty('display');
  if (!untouched) return;
  if (h.originalAttribute === null) el.removeAttribute('style');
  else if (el.getAttribute('style') !== h.originalAttribute) el.setAttribute('style', h.originalAttribute);
}

function isStylable(el: Element): el is HTMLElement | SVGElement {
  return 'style' in el && typeof (el as HTMLElement).style?.setProperty === 'function';
}
