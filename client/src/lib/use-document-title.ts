import { useEffect } from 'react';

const SITE_NAME = 'NYC Rentals';

/** Sets the browser tab's title to '{title} · NYC Rentals', or just the site name for the home screen. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title === SITE_NAME ? SITE_NAME : `${title} · ${SITE_NAME}`;
  }, [title]);
}
