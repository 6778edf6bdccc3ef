/** The app shell's user menu (spec section 2, App shell). */
export const shellMessages = {
  myRegiments: 'My Regiment(s)',
  /** The user menu's link to /settings, and that screen's title. */
  settings: 'Settings',
  selectRegimentTitle: 'Select Your Regiment',
  loadingRegiments: 'Loading your regiments…',
  regimentsLoadFailed: 'Your regiments could not be loaded.',
} as const;
