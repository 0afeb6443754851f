import type { BrowserContext } from 'playwright-core';

/**
 * Keeps each tab on the annotated page it opened. Some annotated DOMs still carry what once sent the browser
 * elsewhere (news.google.com has a `<meta http-equiv="refresh">` to its no-script edition): the offline context
 * aborts that request, and Chromium then replaces the page with its error page mid-capture. Answering any other
 * top-level navigation with 204 No Content instead leaves the current document in place, as browsers do for 204.
 * Registered after offlineContext's catch-all, so Playwright asks this route first; everything else falls through.
 */
export async function pinTopLevelNavigation(context: BrowserContext, pageUrls: string[]): Promise<void> {
  const allowed = new Set(pageUrls);
  await context.route('**/*', (route) => {
    const request = route.request();
    const leaves = request.isNavigationRequest() && request.frame().parentFrame() === null &&
      !allowed.has(request.url());
    return leaves ? route.fulfill({ status: 204, body: '' }) : route.fallback();
  });
}
