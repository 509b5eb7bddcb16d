/** How long a snackbar shows by default (docs/shared-ui.md §2 Snackbar): apart from the slice, for the login page. */
export const SNACKBAR_DEFAULT_MS = 3000;
