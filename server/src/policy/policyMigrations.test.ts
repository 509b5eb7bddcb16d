/**
 * The migrations' rewrites as pure functions, and the mappings they follow: every v1 category
 * and v3 content type goes somewhere that exists, splits and merges as the data says, merged
 * actions keep the most restrictive, and the content rename touches only content-type names.
 */
import { Type } from 'typebox';
import { POLICY_KIND_REGISTRY, type PolicyKindDef } from '@workbench/common/api/contract/policyKinds';
import { EXTENSION_CATEGORY_IDS } from '@workbench/common/api/contract/policy-kinds/categoryKinds';
import { CATEGORIES_V1, EXTENSION_MAP } from './reference/webCategories';
import { CATEGORIES_V2, CATEGORY_MAPPING_V1_TO_V2, v2IdsOf } from './reference/webCategoriesV2';
import { CONTENT_TYPES_V3, CONTENT_TYPES_V3_TO_V4, CONTENT_TYPES_V4 } from './reference/contentTypes';
import {
  ACTION_RESTRICTIVENESS,
  contentKinds,
  migrateBypassCategories,
  migrateCategoryActions,
  migrateCategoryIds,
  migrateContentTypeNames,
  migrateRuleCategories,
} from './policyMigrations';

describe('the v1 → v2 category mapping', () => {
  test('every v1 category maps to at least one v2 category that exists; every v2 id is new', () => {
    const v2 = new Set(CATEGORIES_V2.map((c) => c.id));
    expect(CATEGORY_MAPPING_V1_TO_V2.map((m) => m.v1_id)).toEqual(CATEGORIES_V1.map((c) => c.id));
    for (const m of CATEGORY_MAPPING_V1_TO_V2) {
      expect([m.v1_id, m.v2_ids.length > 0]).toEqual([m.v1_id, true]);
      for (const id of m.v2_ids) expect(v2.has(id)).toBe(true);
    }
    for (const c of CATEGORIES_V1) expect(v2.has(c.id)).toBe(false);
    expect(new Set(CATEGORIES_V2.map((c) => c.id)).size).toBe(CATEGORIES_V2.length);
  });

  test('splits, merges and renamed ids as the vendor shipped them', () => {
    expect(v2IdsOf(25)).toEqual([501, 502]); // Streaming Media → video, audio
    expect(v2IdsOf(60)).toEqual([502]); // Music → audio streaming (merged with 25)
    expect(v2IdsOf(56)).toEqual([101]); // Malware Sites → Malware
    expect(v2IdsOf(85)).toEqual([901]); // the Generative AI extension category
    expect(v2IdsOf(70)).toEqual([]); // retired in v1: not a category
  });

  test('the extension categories are 85–88, each split out of v1 categories that exist', () => {
    expect(CATEGORIES_V1.filter((c) => c.extension).map((c) => c.id)).toEqual([...EXTENSION_CATEGORY_IDS]);
    const ids = new Set(CATEGORIES_V1.map((c) => c.id));
    for (const id of EXTENSION_CATEGORY_IDS)
      for (const from of EXTENSION_MAP[id]) expect([id, from, ids.has(from)]).toEqual([id, from, true]);
  });
});

describe('category rewrites', () => {
  test('an action list: one entry per v2 category, merged ones keep the most restrictive action', () => {
    expect(ACTION_RESTRICTIVENESS).toEqual(['bypass', 'allow', 'safeview', 'safeview_readonly', 'block']);
    const merged = (first: string, second: string) =>
      migrateCategoryActions(
        [
          { category_id: 25, action: first },
          { category_id: 60, action: second },
        ],
        v2IdsOf,
      ).list;
    expect(merged('allow', 'block')).toEqual([
      { category_id: 501, action: 'allow' },
      { category_id: 502, action: 'block' },
    ]);
    expect(merged('safeview_readonly', 'safeview')).toEqual([
      { category_id: 501, action: 'safeview_readonly' },
      { category_id: 502, action: 'safeview_readonly' },
    ]);
    expect(migrateCategoryActions([{ category_id: 70, action: 'block' }], v2IdsOf)).toEqual({
      list: [],
      dropped: [70],
    });
  });

  test('condition ids: each to its v2 ids, no repeats', () => {
    expect(migrateCategoryIds([25, 60, 56], v2IdsOf)).toEqual({ ids: [501, 502, 101], dropped: [] });
  });

  test('a rule left with no category is disabled, keeping its ids for the reviewer', () => {
    const rule = (id: string, categories?: number[]) => ({
      id,
      enabled: true,
      conditions: categories ? { categories, domain: ['x.example'] } : {},
    });
    const out = migrateRuleCategories([rule('a', [14]), rule('b', [70]), rule('c')], v2IdsOf);
    expect(out.rules).toEqual([
      { id: 'a', enabled: true, conditions: { categories: [401, 402], domain: ['x.example'] } },
      { id: 'b', enabled: false, conditions: { categories: [70], domain: ['x.example'] } },
      { id: 'c', enabled: true, conditions: {} },
    ]);
    expect(out).toMatchObject({ dropped: [70], disabled: ['b'] });
  });

  test('bypass entries by category: one per v2 category with a derived id; domains untouched', () => {
    const out = migrateBypassCategories(
      [
        { id: 'st', category_id: 47 },
        { id: 'gone', category_id: 70 },
        { id: 'd', domain: 'a.example' },
      ],
      v2IdsOf,
    );
    expect(out).toEqual({
      list: [
        { id: 'st', category_id: 505 },
        { id: 'st-506', category_id: 506 },
        { id: 'd', domain: 'a.example' },
      ],
      dropped: [70],
    });
    const long = 'x'.repeat(64);
    expect(migrateBypassCategories([{ id: long, category_id: 47 }], v2IdsOf).list.map((e) => e.id)).toEqual([
      long,
      `${'x'.repeat(60)}-506`,
    ]);
  });
});

describe('content types v3 → v4', () => {
  test('every v3 type goes to v4 types that exist; Flash goes nowhere; the calendar keeps its formats', () => {
    const v4 = new Set(CONTENT_TYPES_V4.map((f) => f.name));
    for (const v3 of CONTENT_TYPES_V3)
      for (const name of CONTENT_TYPES_V3_TO_V4[v3.name]) expect(v4.has(name)).toBe(true);
    expect(CONTENT_TYPES_V3_TO_V4['Microsoft Office Documents']).toEqual([
      'Microsoft Word Documents',
      'Microsoft Excel Spreadsheets',
      'Microsoft PowerPoint Presentations',
    ]);
    expect(CONTENT_TYPES_V3_TO_V4.Archives).toEqual(['Compressed Archives', 'Disk Images']);
    expect(CONTENT_TYPES_V3_TO_V4.Calendar).toEqual(['ICS Calendar Invitations']);
    expect(CONTENT_TYPES_V3_TO_V4.Flash).toEqual([]);
  });

  test('the rename touches content-type names only, at any depth', () => {
    const v3 = {
      rules: [
        {
          id: 'r1',
          name: 'Calendar',
          content_types: ['Microsoft Office Documents', 'Flash', 'Custom'],
          action: 'block',
        },
        { id: 'r2', content_type: 'Archives', note: 'Archives' },
      ],
      defaults: { file_types: ['Calendar', 'Images'] },
    };
    expect(migrateContentTypeNames(v3, CONTENT_TYPES_V3_TO_V4)).toEqual({
      value: {
        rules: [
          {
            id: 'r1',
            name: 'Calendar',
            content_types: [
              'Microsoft Word Documents',
              'Microsoft Excel Spreadsheets',
              'Microsoft PowerPoint Presentations',
              'Custom',
            ],
            action: 'block',
          },
          { id: 'r2', content_type: 'Compressed Archives', note: 'Archives' },
        ],
        defaults: { file_types: ['ICS Calendar Invitations', 'Images'] },
      },
      dropped: ['Flash'],
    });
  });

  test('the content kinds are found by their spec paths, whatever their keys', () => {
    const standIn = (path: string): PolicyKindDef => ({
      path,
      group: 'content_inspection',
      title: 'Content policy',
      data: Type.Object({}),
      defaults: {},
      scope: 'policy',
      spec: 'api-client-layer §7',
    });
    const registry: Record<string, PolicyKindDef> = {
      ...(POLICY_KIND_REGISTRY as Record<string, PolicyKindDef>),
      'content-v3': standIn('/api/policy/v3/rules/content/{rev}'),
      'content-v4': standIn('/api/policy/v4/rules/content/{rev}'),
    };
    expect(contentKinds(registry)).toEqual({ v3: 'content-v3', v4: 'content-v4' });
    const { 'content-v4': _v4, ...onlyV3 } = registry;
    expect(contentKinds(onlyV3)).toBeNull();
  });
});
