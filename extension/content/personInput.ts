/**
 * Whether an event comes from the person rather than from the page's own scripts: inspect mode sets labels only on
 * the person's clicks and keys (a page calling `el.click()` must not label anything). The browser says so in
 * `isTrusted`. happy-dom marks every event it dispatches untrusted, so the unit tests replace `fromPerson`.
 */
export const personInput = {
  fromPerson: (e: Event): boolean => e.isTrusted,
};
