export const regimentMessages = {
  notFound: 'Regiment Not Found',
  about: 'About the Regiment',
} as const;
