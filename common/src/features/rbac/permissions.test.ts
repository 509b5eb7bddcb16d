import {
  ALLOW_ALL,
  createAccessController,
  InvalidAccessRuleError,
  isRbacEnforced,
  NO_ACCESS,
  permissionMatches,
  rolesToPermissions,
} from './permissions';

describe('RBAC (docs/access.md §1)', () => {
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

describe('permission edges the mutants found unpinned (issue 18)', () => {
  it('segments match one by one, a wildcard on either side, missing segments as wildcards', () => {
    expect(permissionMatches('*:*', 'anything:at:all')).toBe(true);
    expect(permissionMatches('logs:web:read', 'logs:*')).toBe(true);
    expect(permissionMatches('logs:*', 'logs:web:read')).toBe(true);
    expect(permissionMatches('logs', 'logs:web:read')).toBe(true);
    expect(permissionMatches('logs:web:read', 'logs:dlp:read')).toBe(false);
    expect(permissionMatches('logs:web:read', 'logs:web:write')).toBe(false);
    expect(permissionMatches('logs:web:read:1', 'logs:web:read:2')).toBe(false);
    expect(permissionMatches('policy:web:read', 'logs:web:read')).toBe(false);
    expect(permissionMatches('*:web:read', 'logs:web:read')).toBe(true);
  });

  it('roles become item:read and item:write, reads first', () => {
    expect(rolesToPermissions({ read: ['a', 'b'], write: ['c'] })).toEqual(['a:read', 'b:read', 'c:write']);
    expect(rolesToPermissions({ read: [], write: [] })).toEqual([]);
  });

  it('RBAC enforcement: on-prem outside the management station always; elsewhere only with the capability', () => {
    expect(isRbacEnforced('on_prem', 'safeview', {})).toBe(true);
    expect(isRbacEnforced('on_prem', null, {})).toBe(true);
    expect(isRbacEnforced('on_prem', 'management_station', {})).toBe(false);
    expect(isRbacEnforced('on_prem', 'management_station', { rbac: true })).toBe(true);
    expect(isRbacEnforced('ec2', null, { rbac: true })).toBe(true);
    expect(isRbacEnforced('ec2', null, { rbac: 'yes' })).toBe(false);
    expect(isRbacEnforced('ec2', null, {})).toBe(false);
  });

  it('any-of and all-of rules; an empty list or no rule allows; a malformed rule throws the exact message', () => {
    const access = createAccessController(['logs:web:read', 'policy:web:write'], true);
    expect(access.enforced).toBe(true);
    expect(access.permissions).toEqual(['logs:web:read', 'policy:web:write']);
    expect(access.allows({ any: ['logs:web:read', 'users:read'] })).toBe(true);
    expect(access.allows({ all: ['logs:web:read', 'users:read'] })).toBe(false);
    expect(access.allows({ all: ['logs:web:read', 'policy:web:write'] })).toBe(true);
    expect(access.allows({ any: ['users:read'] })).toBe(false);
    expect(access.allows({ any: [] })).toBe(true);
    expect(access.allows({ all: [] })).toBe(true);
    expect(access.allows(undefined)).toBe(true);
    expect(() => access.allows({})).toThrow('An access rule must give exactly one of "any" or "all".');
    expect(() => access.allows({ any: ['a'], all: ['b'] })).toThrow(InvalidAccessRuleError);
    expect(new InvalidAccessRuleError().name).toBe('InvalidAccessRuleError');
    const open = createAccessController([], false);
    expect(open.can('anything')).toBe(true);
    expect(open.allows({ all: ['x', 'y'] })).toBe(true);
    expect(NO_ACCESS.can('logs:web:read')).toBe(false);
    expect(NO_ACCESS.allows({ any: ['logs:web:read'] })).toBe(false);
  });
});
