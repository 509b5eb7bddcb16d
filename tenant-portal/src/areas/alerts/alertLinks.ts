/**
 * A firing's link (the server's `link`, docs/alerts.md "Rules"): the portal's logs explorer with
 * exactly the rule's query and the firing's window, as a hash-router address (`/#/logs/web?…`).
 * In the portal it is followed as a route; anything that is not such a link is not followed.
 */
export function portalRouteOf(link: string): string | null {
  const m = /^\/#(\/logs\/[a-z_]+\?.*)$/.exec(link);
  return m ? m[1] : null;
}
