export const regimentMessages = {
  notFound: 'Regiment Not Found',
  about: 'About the Regiment',
  /** The paged list's `cursor` (GET /api/regiments?limit=&cursor=, issue 38): a 400 from the API. */
  badCursor:
    "The page cursor (cursor) is not one this list gave out. Ask for the first page again without cursor, then pass on each page's nextCursor.",
  cursorWithoutLimit: (max: number) => `A cursor pages the list: give limit (1 to ${max}) with it, or leave both out for the whole list.`,
} as const;
