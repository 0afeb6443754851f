/**
 * Hides elements with an inline `display: none !important`, and sets the few other inline styles hide mode needs
 * (hiddenSpace.ts), remembering exactly what it changed, so that restore gives back the very same `style`
 * attribute (or its absence) — unless the page changed the attribute meanwhile, in which case only the properties
 * this record set are put back and the page's own change is kept.
 */
interface StyledElement {
  el: HTMLElement | SVGElement;
  /** The style attribute before the first change (null: there was none). */
  originalAttribute: string | null;
  /** Each property this record set, with the element's own value and priority before ('' when it had none). */
  original: Map<string, { value: string; priority: string }>;
  /** The style attribute right after the last change: if it still reads so, nobody else touched it. */
  appliedAttribute: string | null;
  hidden: boolean;
}

export class HideRecord {
  private styled: StyledElement[] = [];
  private readonly byElement = new Map<Element, StyledElement>();
  private hiddenCount = 0;

  /** How many elements are hidden. */
  get size(): number {
    return this.hiddenCount;
  }

  /** How many elements this record changed in any way (hidden or restyled). */
  get changed(): number {
    return this.styled.length;
  }

  /** Hides each element once; elements already hidden by this record are skipped. */
  hide(elements: Iterable<Element>): void {
    for (const el of elements) {
      if (this.isHidden(el)) continue;
      const entry = this.write(el, { display: 'none' });
      if (!entry) continue;
      entry.hidden = true;
      this.hiddenCount++;
    }
  }

  isHidden(el: Element): boolean {
    return this.byElement.get(el)?.hidden ?? false;
  }

  /** Sets inline style properties (with !important, over the page's own rules), remembering what they were. */
  restyle(el: Element, properties: Readonly<Record<string, string>>): void {
    this.write(el, properties);
  }

  /** Puts every element back as it was, last changed first. */
  restore(): void {
    for (let k = this.styled.length - 1; k >= 0; k--) restoreOne(this.styled[k]);
    this.styled = [];
    this.byElement.clear();
    this.hiddenCount = 0;
  }

  private write(el: Element, properties: Readonly<Record<string, string>>): StyledElement | null {
    if (!isStylable(el)) return null;
    let entry = this.byElement.get(el);
    if (!entry) {
      const originalAttribute = el.getAttribute('style');
      entry = { el, originalAttribute, original: new Map(), appliedAttribute: null, hidden: false };
      this.styled.push(entry);
      this.byElement.set(el, entry);
    }
    for (const [name, value] of Object.entries(properties)) {
      if (!entry.original.has(name)) {
        const [value, priority] = [el.style.getPropertyValue(name), el.style.getPropertyPriority(name)];
        entry.original.set(name, { value, priority });
      }
      // Through the CSSOM rather than setAttribute: a page CSP without 'unsafe-inline' blocks style attributes set
      // as markup, but not CSSOM writes.
      el.style.setProperty(name, value, 'important');
    }
    entry.appliedAttribute = el.getAttribute('style');
    return entry;
  }
}

function restoreOne(h: StyledElement): void {
  const { el } = h;
  const untouched = el.getAttribute('style') === h.appliedAttribute;
  for (const [name, { value, priority }] of h.original) {
    if (value) el.style.setProperty(name, value, priority);
    else el.style.removeProperty(name);
  }
  if (!untouched) return;
  if (h.originalAttribute === null) el.removeAttribute('style');
  else if (el.getAttribute('style') !== h.originalAttribute) el.setAttribute('style', h.originalAttribute);
}

function isStylable(el: Element): el is HTMLElement | SVGElement {
  return 'style' in el && typeof (el as HTMLElement).style?.setProperty === 'function';
}
