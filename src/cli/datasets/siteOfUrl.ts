import { siteOfHost } from '../../site/siteName.ts';

/** The site of a page address (src/site/siteName.ts); '' when the address does not parse. */
export function siteOfUrl(url: string): string {
  try {
    return siteOfHost(new URL(url).hostname);
  } catch {
    return '';
  }
}
