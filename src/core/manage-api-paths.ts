/**
 * The paths of the calls that register, edit and upload (owners, officers, applicants), which only
 * their own screens and dialogs make. Apart from apiPaths (api-paths.ts), which is first-screen code
 * that every visitor loads (scripts/check-bundle-size.mjs), as authApiPaths is.
 */
export const manageApiPaths = {
  myOwnedRegiments: '/api/users/me/regiments/owned',
  myRegistrations: '/api/registrations/mine',
  regimentRegistration: '/api/regiments/register',
  regimentEdit: (id: number) => `/api/regiments/${id}/edit`,
  /** The regiment's Discord webhook: whether one is set (GET), set it (PUT), remove it (DELETE). Owner or admin. */
  regimentWebhook: (id: number) => `/api/regiments/${id}/webhook`,
  officerEdit: (id: number) => `/api/officers/${id}/edit`,
  officerRegistration: '/api/officers/register',
  upload: '/api/upload',
} as const;
