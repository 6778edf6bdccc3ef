import type { Officer, OfficerSearchPage } from '#core/api';

interface LoadedOfficers {
  officers: Officer[];
  totalCount: number;
}

/**
 * The officers of all loaded pages of a search, in order, each once. Pages are read after the
 * previous page's last officer (a cursor), so an officer whose rating changed between two page loads
 * can move from an earlier page into a later one: it is shown once, where it was first shown. The
 * total comes from the newest page, the freshest count the server gave.
 */
export function collectSearchPages(pages: readonly OfficerSearchPage[]): LoadedOfficers {
  const seen = new Set<number>();
  const officers: Officer[] = [];
  for (const page of pages) {
    for (const officer of page.officers) {
      if (seen.has(officer.id)) continue;
      seen.add(officer.id);
      officers.push(officer);
    }
  }
  return { officers, totalCount: pages.at(-1)?.totalCount ?? 0 };
}
