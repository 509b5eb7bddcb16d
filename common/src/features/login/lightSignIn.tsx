/**
 * The light sign-in path's shared pieces (issues 14, 15: a sign-in page's first load within 170
 * KB gzipped). A sign-in visit (signInVisit.ts) renders the shared LoginPage with React, MUI's
 * form parts and the theme only: the HTTP client (axios), the store and the router load when
 * they are needed, the client at the user's first keystroke or click in the form (or on submit),
 * the full app after the sign-in succeeded, which then takes over the page.
 *
 * Only the login page, the theme and React are imported here: this module is in each app's entry.
 */
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { WorkbenchThemeProvider } from '../../theme/themeMode';
import { LoginPage, type LoginPageProps } from './LoginPage';

export type { LoginCodeStep } from './LoginPage';
import { hashPath, SIGN_IN_HASH_PATH } from './signInVisit';

/**
 * A dynamic import started at most once and shared by every caller; a failed one (the network
 * dropped) is tried again by the next caller rather than remembered.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    }));
}

export interface LightLoginPageProps extends LoginPageProps {
  /**
   * Called at the user's first key, click or input in the form: starts loading what the submit
   * needs (the HTTP client). Not on focus: the User field takes the focus itself on page load.
   */
  preload(): void;
}

/** The shared login page, starting `preload` as soon as the user turns to the form. */
export function LightLoginPage({ preload, ...page }: LightLoginPageProps) {
  return (
    <div onKeyDownCapture={preload} onPointerDownCapture={preload} onInputCapture={preload}>
      <LoginPage {...page} />
    </div>
  );
}

/** A light sign-in page on the page: handOver replaces it with the full app. */
export interface LightSignInRoot {
  /** Unmounts the light page and lets `mount` render the full app into the same element. */
  handOver(mount: (container: HTMLElement) => void): void;
}

/** Renders a light sign-in page (in the theme, as the full app renders its pages) into `container`. */
export function renderLightSignIn(container: HTMLElement, page: ReactNode): LightSignInRoot {
  const root = createRoot(container);
  root.render(
    <StrictMode>
      <WorkbenchThemeProvider>{page}</WorkbenchThemeProvider>
    </StrictMode>,
  );
  return {
    handOver(mount) {
      root.unmount();
      mount(container);
    },
  };
}

/**
 * The start page of a signed-out visitor is the login route: the full app's session gate sends
 * '#/' there (replacing the history entry), so the light page does the same and the address the
 * full app later reads, and the back button, are as before.
 */
export function showSignInHash(): void {
  if (hashPath(window.location.hash) !== SIGN_IN_HASH_PATH) {
    window.history.replaceState(window.history.state, '', `#${SIGN_IN_HASH_PATH}`);
  }
}
