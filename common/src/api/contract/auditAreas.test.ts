import { OTHER_SUB_EVENT_TYPES } from '../../vocabularies/logFilterVocabularies';
import { POLICY_GROUP_AUDIT_AREAS } from '../../vocabularies/policyGroups';
import { vocabularyCodes, vocabularyLabel } from '../../vocabularies/vocabulary';
import { SUB_EVENT_TYPES } from './auditAreas';
import { PROVIDER_ENTITIES, PROVIDER_ENTITY_REGISTRY } from './providerEntities';

describe('the audit areas derive from the registries', () => {
  it.each(PROVIDER_ENTITIES)('%s: its key is an area, labelled with the row’s title', (entity) => {
    expect(vocabularyCodes(SUB_EVENT_TYPES)).toContain(entity);
    expect(vocabularyLabel(SUB_EVENT_TYPES, entity)).toBe(PROVIDER_ENTITY_REGISTRY[entity].title);
  });

  it('the registry’s wording wins where the copies disagreed', () => {
    expect(vocabularyLabel(SUB_EVENT_TYPES, 'ova_keys')).toBe('Licence keys');
    expect(vocabularyLabel(SUB_EVENT_TYPES, 'feature_sku_groups')).toBe('Feature-SKU groups');
    expect(vocabularyLabel(SUB_EVENT_TYPES, 'category_overrides')).toBe('Category overrides');
  });

  it('the hand-written areas repeat no registry row (one copy of each area)', () => {
    const derived = [...vocabularyCodes(POLICY_GROUP_AUDIT_AREAS), ...PROVIDER_ENTITIES];
    expect(vocabularyCodes(OTHER_SUB_EVENT_TYPES).filter((code) => derived.includes(code))).toEqual([]);
    const codes = vocabularyCodes(SUB_EVENT_TYPES);
    expect(new Set(codes).size).toBe(codes.length);
  });
});
