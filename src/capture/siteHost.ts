import { siteOfHost } from '../site/siteName.ts';

/**
 * The host that counts as "this site". Saved pages (file://, test servers) keep their original address in
 * <link rel=canonical>, og:url or <base href>, so those win over the address the page was loaded from.
 */
export function siteHostOf(doc: Document): string {
  const candidates = [
    doc.querySelector('link[rel="canonical"]')?.getAttribute('href'),
    doc.querySelector('meta[property="og:url"]')?.getAttribute('content'),
    doc.querySelector('base[href]')?.getAttribute('href'),
  ];
  for (const c of candidates) {
    const host = hostOf(c ?? '');
    if (host) return host;
  }
  return siteOfHost(doc.location?.hostname ?? '');
}

/** A link (its href as written) is intra-site when it is relative, in-page, or points at the same host (ignoring "www."). */
export function isIntraSiteLink(href: string, siteHost: string): boolean {
  const raw = href.trim();
  if (!/^[a-z][a-z0-9+.-]*:/i.test(raw) && !raw.startsWith('//')) return true;
  if (/^(javascript|mailto|tel):/i.test(raw)) return /^javascript:/i.test(raw);
  const host = hostOf(raw.startsWith('//') ? `http:${raw}` : raw);
  return host !== '' && host === siteHost;
}

function hostOf(url: string): string {
  if (!/^(https?:)?\/\//i.test(url)) return '';
  try {
    return siteOfHost(new URL(url, 'http://invalid.invalid/').hostname);
  } catch {
    return '';
  }
}
