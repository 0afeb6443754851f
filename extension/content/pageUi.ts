/**
 * The one element Winnow adds to a page: `<winnow-ui>` after <body>, holding a closed shadow root with the overlay,
 * the reader view, messages and the hidden worker frame. The host resets every inherited property (`all: initial`)
 * so page styles cannot reach in, and the shadow root keeps our styles from reaching out. It sits outside <body>,
 * which capture walks, so Winnow never analyses itself.
 */
export const UI_HOST_TAG = 'winnow-ui';

const HOST_STYLE = 'all: initial !important; display: block !important; position: absolute !important; ' +
  'top: 0 !important; left: 0 !important; width: 0 !important; height: 0 !important; ' +
  'overflow: visible !important; z-index: 2147483647 !important; contain: style !important;';

const BASE_CSS = `
:host { all: initial; }
* { box-sizing: border-box; }
.layer { position: absolute; left: 0; top: 0; width: 0; height: 0; pointer-events: none; }
`;

export interface PageUi {
  host: HTMLElement;
  root: ShadowRoot;
  /** Adds a stylesheet once per name. */
  addStyle(name: string, css: string): void;
  remove(): void;
}

export function createPageUi(doc: Document): PageUi {
  const host = doc.createElement(UI_HOST_TAG);
  host.setAttribute('style', HOST_STYLE);
  const root = host.attachShadow({ mode: 'closed' });
  const styles = new Set<string>();
  const addStyle = (name: string, css: string) => {
    if (styles.has(name)) return;
    styles.add(name);
    // Constructable sheets are CSSOM, which a page CSP (style-src without 'unsafe-inline') does not block; a
    // <style> element is the fallback for browsers that cannot adopt a sheet built in the content script's world.
    try {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    } catch {
      const style = doc.createElement('style');
      style.textContent = css;
      root.append(style);
    }
  };
  addStyle('base', BASE_CSS);
  doc.documentElement.append(host);
  return {
    host,
    root,
    addStyle,
    remove: () => host.remove(),
  };
}
