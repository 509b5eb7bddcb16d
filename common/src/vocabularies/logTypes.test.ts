import {
  LOG_ROUTES,
  LOG_ROUTE_TYPES,
  LOG_TYPES,
  isLogRoute,
  logReadPermission,
  logRouteOfType,
} from './logTypes';

describe('log types and routes (docs/logs.md §1 Logs)', () => {
  it('Log types: scan_web, scan_email, scan_dlp, scan_audit, fwaas_logs, saa_logs', () => {
    expect(LOG_TYPES).toEqual(['scan_web', 'scan_email', 'scan_dlp', 'scan_audit', 'fwaas_logs', 'saa_logs']);
  });

  it('Log routes: audit, dlp, email, firewall, web, saa — each shows exactly one log type', () => {
    expect(LOG_ROUTES).toEqual(['audit', 'dlp', 'email', 'firewall', 'web', 'saa']);
    expect(new Set(Object.values(LOG_ROUTE_TYPES)).size).toBe(LOG_TYPES.length);
    for (const type of LOG_TYPES) expect(LOG_ROUTE_TYPES[logRouteOfType(type)]).toBe(type);
  });

  it('logs:* covers web, email, audit, dlp, fwaas_logs, saa_logs', () => {
    expect(LOG_ROUTES.map(logReadPermission).sort()).toEqual(
      [
        'logs:web:*',
        'logs:email:*',
        'logs:audit:*',
        'logs:dlp:*',
        'logs:fwaas_logs:*',
        'logs:saa_logs:*',
      ].sort(),
    );
    expect(isLogRoute('firewall')).toBe(true);
    expect(isLogRoute('fwaas_logs')).toBe(false);
  });
});
