/**
 * The provider's default PAC file (docs/provider-console.md §12; the spec's "pac" of the ops/rollout
 * calls), on the PAC engine of the tenants' PAC files (docs/settings.md "PAC files"): served to a
 * tenant that has no file of its own and no proxies, and the starting point of a tenant's file.
 * Saved with the same parse check, tried with the same tester.
 */
import { Type, type Static } from 'typebox';
import { PAC_TEXT_MAX, PacFilename, PacSettings } from './pacSettings';

const V1 = '/gdmanage/api/v1';
export const PROVIDER_PAC_PATHS = {
  settings: `${V1}/pac`,
  /** The tester, as the tenants' (`POST .../pac/test`), on the provider's file when none is given. */
  test: `${V1}/pac/test`,
} as const;

/** Who saved it last, and when (as the tenants' PAC settings say it). */
const Audit = {
  updated_at: PacSettings.properties.updated_at,
  updated_by: PacSettings.properties.updated_by,
};

/** GET: the file; `builtin` while no operator saved one (the file is then the built-in one, all direct). */
export const ProviderPac = Type.Object({
  pac: Type.String(),
  filename: Type.String(),
  builtin: Type.Boolean(),
  /** The tenants served it now (no file of their own and no proxies). */
  tenants_served: Type.Integer(),
  ...Audit,
});
export type ProviderPac = Static<typeof ProviderPac>;

/** PUT: the file and its name; `updated_at` as read guards against a lost update (409). */
export const ProviderPacBody = Type.Object(
  {
    pac: Type.String({ minLength: 1, maxLength: PAC_TEXT_MAX }),
    filename: PacFilename,
    updated_at: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type ProviderPacBody = Static<typeof ProviderPacBody>;
