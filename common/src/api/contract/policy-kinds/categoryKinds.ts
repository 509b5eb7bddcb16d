/**
 * Category extension (docs/policy.md §3 Policy: GET and PUT /cats/extension/{rev}, body
 * categories_85_to_88.enable): whether the tenant's web policy uses the four extension categories
 * 85–88 of the category tree (GET /cats). Off, their sites keep the categories they had before
 * (GET /cats/extension/map says which); on, they get their own category, which the category
 * rules may act on.
 */
import { Type } from 'typebox';
import { closed, kind } from './kindDef';

/** The extension categories of the v1 category tree (ids of GET /cats). */
export const EXTENSION_CATEGORY_IDS = [85, 86, 87, 88] as const;

export const CATEGORY_KINDS = {
  /**
   * Edit permission 'webroot_cats' (docs/access.md §4), not 'categories': enabling them changes the
   * vendor's (Webroot) classification the tenant sees, not an action on a category; a role that
   * may only set category actions cannot turn it on.
   */
  'cats/extension': kind({
    path: '/api/policy/v1/cats/extension/{rev}',
    group: 'web_policy',
    edit: 'webroot_cats',
    title: 'Extension categories',
    data: Type.Object({ categories_85_to_88: Type.Object({ enable: Type.Boolean() }, closed) }, closed),
    // Off until a tenant opts in: turning them on reclassifies sites some rules may rely on.
    defaults: { categories_85_to_88: { enable: false } },
    scope: 'policy',
    spec: 'docs/policy.md §3 Policy (GET and PUT /cats/extension/{rev}, body categories_85_to_88.enable)',
  }),
};
