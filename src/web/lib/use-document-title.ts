import { useLayoutEffect } from 'react';

const SITE_TITLE = 'WoR Officer Ratings';

/**
 * Sets the browser tab title: 'Page · WoR Officer Ratings', or the site name alone without a page
 * title. A layout effect, so the title changes in the same commit as the screen it names (a passive
 * effect may run a frame later, and a test that has just seen the screen could read the old title).
 */
export function useDocumentTitle(pageTitle?: string): void {
  useLayoutEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${SITE_TITLE}` : SITE_TITLE;
  }, [pageTitle]);
}
