import {
  ALLOW_ALL,
  createAccessController,
  InvalidAccessRuleError,
  isRbacEnforced,
  permissionMatches,
  rolesToPermissions,
} from './permissions';

describe('RBAC (portal-core §6)', () => {
  it('each role in the read list becomes item:read; each in the write list becomes item:write', () => {
    expect(rolesToPermissions({ read: ['logs:web', 'dashboard:*'], write: ['web_policy:domain'] })).toEqual([
      'logs:web:read',
      'dashboard:*:read',
      'web_policy:domain:write',
    ]);
  });

  it('a permission is allowed when it matches an allowed pattern segment by segment with * as wildcard', () => {
    expect(permissionMatches('logs:web:read', 'logs:web:*')).toBe(true);
    expect(permissionMatches('logs:web:read', 'logs:*')).toBe(true);
    expect(permissionMatches('logs:web:read', 'logs:dlp:*')).toBe(false);
    expect(permissionMatches('dashboard:*:read', 'dashboard:*:*')).toBe(true);
    expect(permissionMatches('web_policy:domain:read', 'web_policy:domain:write')).toBe(false);
    expect(permissionMatches('*:*:write', 'web_policy:domain:write')).toBe(true);
  });

  it('the pattern *:* allows everything', () => {
    expect(permissionMatches(ALLOW_ALL, 'anything:at:all:42')).toBe(true);
    expect(createAccessController([ALLOW_ALL], true).can('fwaas:rules:write')).toBe(true);
  });

  it('permission checks are skipped (everything allowed) when RBAC is not enforced', () => {
    const ac = createAccessController([], false);
    expect(ac.can('settings:*')).toBe(true);
    expect(ac.allows({ all: ['a:b', 'c:d'] })).toBe(true);
  });

  it('RBAC is always enforced on on-prem non-management modes; otherwise only when the rbac capability is on', () => {
    expect(isRbacEnforced('on_prem', 'safeview', {})).toBe(true);
    expect(isRbacEnforced('on_prem', 'management_station', {})).toBe(false);
    expect(isRbacEnforced('on_prem', 'management_station', { rbac: true })).toBe(true);
    expect(isRbacEnforced('ec2', null, {})).toBe(false);
    expect(isRbacEnforced('ec2', null, { rbac: true })).toBe(true);
    expect(isRbacEnforced('ec2', null, { rbac: 'yes' })).toBe(false);
  });

  it('route access is any-of or all-of over a permission list', () => {
    const ac = createAccessController(['logs:web:read'], true);
    expect(ac.allows({ any: ['logs:web:*', 'logs:dlp:*'] })).toBe(true);
    expect(ac.allows({ all: ['logs:web:*', 'logs:dlp:*'] })).toBe(false);
  });

  it('an access rule must give exactly one of "any" or "all"; giving neither or both is an error', () => {
    const ac = createAccessController([], true);
    expect(() => ac.allows({})).toThrow(InvalidAccessRuleError);
    expect(() => ac.allows({ any: ['a'], all: ['b'] })).toThrow(InvalidAccessRuleError);
  });

  it('an access rule with no permissions allows the route', () => {
    const ac = createAccessController([], true);
    expect(ac.allows({ any: [] })).toBe(true);
    expect(ac.allows(undefined)).toBe(true);
  });
});
