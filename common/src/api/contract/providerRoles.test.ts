import { PROVIDER_ENTITY_REGISTRY } from './providerEntities';
import { PROVIDER_ROLES, SUPPORT_ENTITY_READS } from './providerRoles';

describe('the provider roles', () => {
  it('let support read the catalogue rows by their entities’ permission items', () => {
    for (const entity of SUPPORT_ENTITY_READS)
      expect(PROVIDER_ENTITY_REGISTRY[entity].permissionItem).toBe(entity);
    expect(PROVIDER_ROLES.support.read).toEqual(
      expect.arrayContaining(
        SUPPORT_ENTITY_READS.map((e) => `${PROVIDER_ENTITY_REGISTRY[e].permissionItem}:*`),
      ),
    );
    expect(PROVIDER_ROLES.support.read).toContain('skus:*');
    expect(PROVIDER_ROLES.support.write).toEqual([]);
  });
});
