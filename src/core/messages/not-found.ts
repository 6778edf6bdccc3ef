export const notFoundMessages = {
  heading: '404',
  subheading: 'Page Not Found',
  text: 'The page you are looking for might have been removed, had its name changed, or is temporarily unavailable.',
  button: 'Return to Home',
} as const;
