/** Lets the page handle input and paint before we continue (scheduler.yield where it exists, else a macrotask). */
export function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** The next frame after the current one has been painted (what "on screen" means in timings). */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/**
 * After the next paint, or after `maxWaitMs` when no frame comes (a background tab gets no animation frames): for
 * work whose pieces must each be rendered before the next one is added.
 */
export function afterNextPaintOrTimeout(maxWaitMs = 100): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, maxWaitMs);
    requestAnimationFrame(() => setTimeout(() => { clearTimeout(timer); resolve(); }, 0));
  });
}
