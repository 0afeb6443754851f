/** Turns browser errors from injection and messaging into sentences a person can act on. */
export function friendlyError(raw: string, url?: string): string {
  const scheme = url ? url.split(':')[0] : '';
  if (/^(chrome|edge|about|chrome-extension|moz-extension|view-source|devtools)$/.test(scheme) ||
    /cannot be scripted|Cannot access a chrome:|extensions gallery|Missing host permission|Cannot access contents/i.test(raw)) {
    if (url && /^https?:/.test(url) && /Cannot access contents|Missing host permission/i.test(raw)) {
      return 'Winnow was not allowed to read this page. Click the Winnow toolbar button on the page itself to run it.';
    }
    return 'Winnow cannot run on this page: browsers keep their own pages (settings, extensions, new tab, web store) ' +
      'closed to extensions. Open a web page and try again.';
  }
  if (/file:/.test(scheme) || /file access/i.test(raw)) {
    return 'Winnow cannot read local files unless "Allow access to file URLs" is on for it in the extensions page.';
  }
  if (/Receiving end does not exist|no answer to/i.test(raw)) {
    return 'The page is not ready for Winnow (it may still be loading). Reload it and try again.';
  }
  if (/model weights|weights/i.test(raw)) {
    return `Winnow's model could not be loaded: ${raw}`;
  }
  return `Winnow could not finish: ${raw}`;
}
