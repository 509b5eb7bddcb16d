/**
 * The light sign-in path's entry points for the apps' boot modules (issues 14, 15), importable
 * one by one (`@workbench/common/features/login/light`) without the common barrel, which would
 * bring the store, the sagas and axios into a sign-in page's first load.
 */
export * from './lightSignIn';
export * from './signInVisit';
