/**
 * The migrations' rewrites as pure functions, and the mappings they follow: every v1 category
 * goes somewhere that exists, splits and merges as the data says, merged actions keep the most
 * restrictive; each v3 extension has one v4 content type (but Flash's), and the v3 file-type
 * rules convert into v4 content-type rules field by field.
 */
import { Compile } from 'typebox/schema';
import {
  POLICY_KIND_REGISTRY,
  type PolicyData,
  type PolicyKindDef,
} from '@workbench/common/api/contract/policyKinds';
import { EXTENSION_CATEGORY_IDS } from '@workbench/common/api/contract/policy-kinds/categoryKinds';
import { CATEGORIES_V1, EXTENSION_MAP } from './reference/webCategories';
import { CATEGORIES_V2, CATEGORY_MAPPING_V1_TO_V2, v2IdsOf } from './reference/webCategoriesV2';
import { CONTENT_TYPES_V3, CONTENT_TYPES_V4, V4_CONTENT_TYPE_OF_EXTENSION } from './reference/contentTypes';
import {
  ACTION_RESTRICTIVENESS,
  CDR_ALLOW_REPLACEMENT,
  CONTENT_KINDS,
  contentKinds,
  migrateBypassCategories,
  migrateCategoryActions,
  migrateCategoryIds,
  migrateContentRules,
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
  test('each extension is in one v4 type; every v3 extension but Flash has one; the calendar keeps its formats', () => {
    const v4Extensions = CONTENT_TYPES_V4.flatMap((f) => f.list.flatMap((t) => t.extensions));
    expect(V4_CONTENT_TYPE_OF_EXTENSION.size).toBe(v4Extensions.length);
    const homeless = CONTENT_TYPES_V3.flatMap((f) =>
      f.list.flatMap((t) => t.extensions.filter((e) => !V4_CONTENT_TYPE_OF_EXTENSION.has(e))),
    );
    expect(homeless).toEqual(['swf']);
    expect(['ics', 'ical', 'vcs'].map((e) => V4_CONTENT_TYPE_OF_EXTENSION.get(e))).toEqual([
      'ICS Calendar Invitations',
      'ICS Calendar Invitations',
      'ICS Calendar Invitations',
    ]);
    expect(V4_CONTENT_TYPE_OF_EXTENSION.get('xlsx')).toBe('Microsoft Excel Spreadsheets');
  });

  type V3Rule = PolicyData<'content'>['list'][number];
  const rule = (id: string, fields: Partial<V3Rule>): V3Rule => ({
    id,
    name: id,
    enabled: true,
    conditions: {},
    direction: 'downloads',
    file_types: ['pdf'],
    action: 'block',
    cdr: false,
    ...fields,
  });
  const typeOf = (ext: string) => V4_CONTENT_TYPE_OF_EXTENSION.get(ext);

  test('a rule keeps its fields and order; its extensions group under their v4 types as entries', () => {
    const out = migrateContentRules(
      [
        rule('a', {
          enabled: false,
          conditions: { users: ['ann'] },
          schedule: { days: [0], from: '00:00', to: '24:00', time_zone: 'UTC' },
          direction: 'uploads',
          file_types: ['tar', 'dmg', 'gz', 'iso'],
          action: 'safeview',
          comment: 'c',
        }),
        rule('b', { file_types: ['mp3', 'mov', 'wav'] }),
      ],
      typeOf,
    );
    expect(out).toEqual({
      list: [
        {
          id: 'a',
          name: 'a',
          enabled: false,
          conditions: { users: ['ann'] },
          schedule: { days: [0], from: '00:00', to: '24:00', time_zone: 'UTC' },
          direction: 'uploads',
          content_types: [
            { name: 'Compressed Archives', entries: ['tar', 'gz'] },
            { name: 'Disk Images', entries: ['dmg', 'iso'] },
          ],
          action: 'safeview',
          comment: 'c',
        },
        {
          id: 'b',
          name: 'b',
          enabled: true,
          conditions: {},
          direction: 'downloads',
          content_types: [
            { name: 'Audio', entries: ['mp3', 'wav'] },
            { name: 'Video', entries: ['mov'] },
          ],
          action: 'block',
        },
      ],
      unknown: [],
      cdr: [],
    });
  });

  test('CDR, which v4 lacks: an allow becomes safeview, other actions stay; each CDR rule is listed', () => {
    const actions = ['allow', 'block', 'safeview', 'safeview_readonly'] as const;
    const out = migrateContentRules(
      [
        ...actions.map((action) => rule(`cdr-${action}`, { action, cdr: true })),
        rule('plain', { action: 'allow' }),
      ],
      typeOf,
    );
    expect(out.list.map((r) => [r.id, r.action])).toEqual([
      ['cdr-allow', CDR_ALLOW_REPLACEMENT],
      ['cdr-block', 'block'],
      ['cdr-safeview', 'safeview'],
      ['cdr-safeview_readonly', 'safeview_readonly'],
      ['plain', 'allow'],
    ]);
    expect(CDR_ALLOW_REPLACEMENT).toBe('safeview');
    expect(out.cdr).toEqual([
      { rule: 'cdr-allow', from: 'allow', to: 'safeview' },
      { rule: 'cdr-block', from: 'block', to: 'block' },
      { rule: 'cdr-safeview', from: 'safeview', to: 'safeview' },
      { rule: 'cdr-safeview_readonly', from: 'safeview_readonly', to: 'safeview_readonly' },
    ]);
    for (const r of out.list) expect(r).not.toHaveProperty('cdr');
  });

  test('extensions no v4 type holds are reported with their v3 field, never silently dropped', () => {
    const out = migrateContentRules(
      [rule('ok', { file_types: ['png'] }), rule('old', { file_types: ['swf', 'pdf', 'xyz'] })],
      typeOf,
    );
    expect(out.unknown).toEqual([
      { rule: 'old', extension: 'swf', field: 'data.list.1.file_types.0' },
      { rule: 'old', extension: 'xyz', field: 'data.list.1.file_types.2' },
    ]);
  });

  test('the content kinds are the registry rows at the spec paths, and a conversion fits the v4 schema', () => {
    expect(contentKinds()).toBe(CONTENT_KINDS);
    expect(POLICY_KIND_REGISTRY[CONTENT_KINDS.v3].path).toBe('/api/policy/v3/rules/content/{rev}');
    expect(POLICY_KIND_REGISTRY[CONTENT_KINDS.v4].path).toBe('/api/policy/v4/rules/content/{rev}');
    const v4: PolicyKindDef = POLICY_KIND_REGISTRY[CONTENT_KINDS.v4];
    const every = CONTENT_TYPES_V3.flatMap((f) => f.list.flatMap((t) => t.extensions)).filter(
      (e) => e !== 'swf',
    );
    const data = { list: migrateContentRules([rule('all', { file_types: every, cdr: true })], typeOf).list };
    expect(Compile(v4.data as Parameters<typeof Compile>[0]).Check(data)).toBe(true);
    expect(v4.check?.(data as never, { tid: 't' })).toBeNull();
    expect(data.list[0].content_types.map((c) => c.name)).toEqual(
      CONTENT_TYPES_V4.map((f) => f.name).filter((n) => n !== 'E-mail Messages' && n !== 'CAD Drawings'),
    );
  });
});
