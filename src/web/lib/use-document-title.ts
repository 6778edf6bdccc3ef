import { useEffect } from 'react';

export const SITE_TITLE = 'WoR Officer Ratings';

/** Sets the browser tab title: 'Page · WoR Officer Ratings', or the site name alone without a page title. */
export function useDocumentTitle(pageTitle?: string): void {
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${SITE_TITLE}` : SITE_TITLE;
  }, [pageTitle]);
}
