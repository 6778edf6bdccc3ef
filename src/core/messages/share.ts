/** The Share button of officer and regiment pages (issue 36, item 5). */
export const shareMessages = {
  share: 'Share',
  linkCopied: 'Link copied',
  copyFailed: 'The link could not be copied. Copy it from the address bar.',
} as const;
