import { vocabularyCodes, WEB_CATEGORIES } from '@workbench/common/vocabularies/index';
import { CATEGORIES_V1 } from './webCategories';
import { CATEGORIES_V2 } from './webCategoriesV2';
import {
  SITE_CATEGORY_DATABASE,
  UNKNOWN_SITE_CATEGORY,
  categoryIdOfCode,
  siteCategory,
  siteCategoryCode,
} from './siteCategories';

describe('the demo category database', () => {
  it("speaks the web log's category codes, each an id of both category trees", () => {
    const codes = new Set(vocabularyCodes(WEB_CATEGORIES));
    const v1 = new Set(CATEGORIES_V1.map((c) => c.id));
    const v2 = new Set(CATEGORIES_V2.map((c) => c.id));
    for (const code of [...SITE_CATEGORY_DATABASE.values(), UNKNOWN_SITE_CATEGORY]) {
      expect(codes.has(code)).toBe(true);
      expect(v1.has(categoryIdOfCode(code, 1) ?? -1)).toBe(true);
      expect(v2.has(categoryIdOfCode(code, 2) ?? -1)).toBe(true);
    }
    expect(SITE_CATEGORY_DATABASE.size).toBeGreaterThan(150);
  });

  it('finds a host by its own entry or its nearest listed parent domain', () => {
    expect(siteCategoryCode('netflix.com')).toEqual({ domain: 'netflix.com', code: 'streaming_media' });
    expect(siteCategoryCode('WWW.Netflix.com.')).toEqual({ domain: 'netflix.com', code: 'streaming_media' });
    expect(siteCategoryCode('drive.google.com')).toEqual({
      domain: 'drive.google.com',
      code: 'cloud_storage',
    });
    expect(siteCategoryCode('a.drive.google.com')?.domain).toBe('drive.google.com');
    expect(siteCategoryCode('maps.google.com')).toEqual({ domain: 'google.com', code: 'search_engines' });
    // A listed name inside another domain is not that domain.
    expect(siteCategoryCode('netflix.com.evil.example')).toBeNull();
    expect(siteCategoryCode('notnetflix.com')).toBeNull();
    expect(siteCategoryCode('com')).toBeNull();
  });

  it('gives the id of the revision’s tree; an unlisted site is Unknown', () => {
    expect(siteCategory('www.netflix.com', 1)).toEqual({ domain: 'netflix.com', id: 25 });
    expect(siteCategory('intranet.acme.example', 1)).toEqual({ domain: null, id: 84 });
    expect(siteCategory('intranet.acme.example', 2)).toEqual({ domain: null, id: 1104 });
  });
});
