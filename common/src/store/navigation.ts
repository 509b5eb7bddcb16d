/** How sagas move the browser; each app passes its own (hash router + window.location). */
export interface Navigation {
  /** Hash-route navigation, e.g. '/logout?timeout=true'. */
  navigate(hashPath: string): void;
  /** Full page reload (xsrf cookie changed). */
  reload(): void;
  /** Full page load of another URL. */
  assign(url: string): void;
}

/** The browser's own navigation for hash-routed apps. */
export const browserNavigation: Navigation = {
  navigate(hashPath) {
    window.location.hash = hashPath.startsWith('#') ? hashPath.slice(1) : hashPath;
  },
  reload() {
    window.location.reload();
  },
  assign(url) {
    window.location.assign(url);
  },
};
