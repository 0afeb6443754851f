/**
 * Notices when a page changes a lot after a run (single-page apps, infinite scroll) and asks for a re-run once the
 * page has been quiet for a moment. Small changes (a clock ticking, a counter) are ignored.
 */
export interface LiveWatcherOptions {
  /** Elements added or removed, or characters of text changed, that count as "a lot". */
  minElements: number;
  minTextChars: number;
  /** Quiet time before the re-run. */
  debounceMs: number;
}

export const DEFAULT_LIVE_OPTIONS: LiveWatcherOptions = { minElements: 20, minTextChars: 1500, debounceMs: 800 };

export class LiveWatcher {
  private observer: MutationObserver | null = null;
  private elements = 0;
  private chars = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private pendingSince: number | null = null;

  /**
   * `onAttributesChanged` hears about every element whose attributes changed (class, style, …), so remembered
   * styles can be forgotten; such changes never count towards a re-run on their own.
   */
  constructor(private readonly target: Node, private readonly onBigChange: () => void,
    private readonly onAttributesChanged: (el: Element) => void = () => {},
    private readonly options: LiveWatcherOptions = DEFAULT_LIVE_OPTIONS) {}

  start(): void {
    if (this.observer) return;
    this.reset();
    this.observer = new MutationObserver((records) => this.record(records));
    this.observer.observe(this.target, { childList: true, subtree: true, characterData: true, attributes: true });
  }

  stop(): void {
    this.observer?.disconnect();
    this.observer = null;
    clearTimeout(this.timer);
  }

  /** Forget changes seen so far (after a re-run has taken them in). */
  reset(): void {
    this.elements = 0;
    this.chars = 0;
    this.pendingSince = null;
    clearTimeout(this.timer);
  }

  private record(records: MutationRecord[]): void {
    for (const r of records) {
      if (r.type === 'attributes') {
        this.onAttributesChanged(r.target as Element);
        continue;
      }
      if (r.type === 'characterData') {
        this.chars += Math.abs((r.target as CharacterData).length - (r.oldValue?.length ?? 0)) || 1;
        continue;
      }
      for (const list of [r.addedNodes, r.removedNodes]) {
        for (const n of Array.from(list)) {
          if (n.nodeType === 1) {
            this.elements += 1 + (n as Element).getElementsByTagName('*').length;
            this.chars += (n.textContent ?? '').length;
          } else if (n.nodeType === 3) {
            this.chars += (n as Text).length;
          }
        }
      }
    }
    if (this.elements >= this.options.minElements || this.chars >= this.options.minTextChars) {
      // Debounced, but a page that never stops changing still gets a re-run every few quiet periods.
      const now = Date.now();
      this.pendingSince ??= now;
      const wait = Math.max(0, Math.min(this.options.debounceMs, this.pendingSince + 4 * this.options.debounceMs - now));
      clearTimeout(this.timer);
      this.timer = setTimeout(() => {
        this.reset();
        this.onBigChange();
      }, wait);
    }
  }
}
