import { PROVIDER_ENTITIES, PROVIDER_ENTITY_REGISTRY } from './providerEntities';
import { PROVIDER_ENTITY_TITLES } from './providerEntityTitles';
import { SUB_EVENT_TYPES } from './auditAreas';

describe('the provider entities’ titles apart from the registry', () => {
  it('name every entity of the registry, in its order, with its row’s title', () => {
    expect(Object.keys(PROVIDER_ENTITY_TITLES)).toEqual(PROVIDER_ENTITIES);
    for (const entity of PROVIDER_ENTITIES)
      expect(PROVIDER_ENTITY_REGISTRY[entity].title).toBe(PROVIDER_ENTITY_TITLES[entity]);
  });

  it('are the audit trail’s last areas, by their titles', () => {
    expect(SUB_EVENT_TYPES.slice(-PROVIDER_ENTITIES.length)).toEqual(
      PROVIDER_ENTITIES.map((entity) => ({ code: entity, label: PROVIDER_ENTITY_REGISTRY[entity].title })),
    );
    expect(SUB_EVENT_TYPES).toContainEqual({ code: 'ova_keys', label: 'Licence keys' });
  });
});
