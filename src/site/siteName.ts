/**
 * What "a site" is everywhere in Winnow: a host name, lower-cased, without a leading `www.` (or `www2.`…), so
 * `https://www.news.example:8443/a` and `http://news.example/b` are one site, `news.example`. The features' intra-site
 * links, the site memory, the site evaluation and every split by site use it. (The extension's settings are kept per
 * origin instead, because the "always run here" permission a browser grants is per origin.)
 */
export function siteOfHost(hostname: string): string {
  return hostname.toLowerCase().replace(/^www\d?\./, '');
}
