/**
 * The site of a page address as every split and site host here counts it: the host, lower-cased, without a leading
 * www. (or www2.…); '' when the address does not parse.
 */
export function siteOfUrl(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\d?\./, '');
  } catch {
    return '';
  }
}
