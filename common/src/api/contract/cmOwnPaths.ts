/**
 * The management station's own calls (docs/central-manager.md §13; ours beyond the names), apart
 * from the central manager's contract so that the sign-in bundle's password change (api/auth.ts)
 * can name the station's without loading the rest.
 */
export const CM_OWN_PATHS = {
  about: '/api/v1/cm/about',
  password: '/api/v1/cm/password',
  settings: '/api/v1/cm/settings',
} as const;
