export const serverMessages = {
  internal: 'Something went wrong on our side. Please try again later.',
  notFoundApi: 'The requested resource does not exist.',
  badRequest: 'The request is not valid.',
  busy: 'The site is very busy right now. Please try again in a moment.',
  databaseUnavailable: 'The site cannot reach its database right now, so nothing was changed. Please try again in a moment.',
  nulCharacter: 'Text cannot contain NUL characters (\\0). Please remove them and try again.',
  requestTimeout: 'The request took too long to arrive. Please try again.',
  badMultipart: 'The upload could not be read: the form was incomplete or malformed. Please try again.',
  rateLimited: 'Too many requests. Please wait a moment and try again.',
} as const;
