/**
 * The create form of an API token (docs/api-tokens.md "A token"): its values, their checks before
 * anything is sent (each problem at its field), and the body of the creation. Expiry is a choice
 * among fixed periods, a date, or none: the server's body always names it (`expires_at`, null for
 * none), so "no expiry" is chosen, never a default.
 */
import {
  API_TOKEN_AREAS,
  API_TOKEN_EXPIRY_FAR,
  API_TOKEN_EXPIRY_PAST,
  API_TOKEN_MAX_DAYS,
  API_TOKEN_NAME_MAX,
  type ApiTokenAccess,
  type ApiTokenArea,
  type ApiTokenCreate,
} from '@workbench/common/api/contract/apiTokens';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The expiry choices: a period in days, a date, or none. 90 days first, as the big consoles offer. */
export const API_TOKEN_EXPIRY_CHOICES = [
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: String(API_TOKEN_MAX_DAYS), label: `${API_TOKEN_MAX_DAYS} days (the longest)` },
  { value: 'date', label: 'On a date…' },
  { value: 'never', label: 'No expiry' },
] as const;
export type ApiTokenExpiryChoice = (typeof API_TOKEN_EXPIRY_CHOICES)[number]['value'];

export interface ApiTokenFormValues {
  name: string;
  access: ApiTokenAccess;
  areas: ApiTokenArea[];
  expiry: ApiTokenExpiryChoice;
  /** With expiry 'date': YYYY-MM-DD, the token ends at the end of that day (UTC). */
  expiresOn: string;
}

export const NEW_API_TOKEN: ApiTokenFormValues = {
  name: '',
  access: 'read',
  areas: [],
  expiry: '90',
  expiresOn: '',
};

export const API_TOKEN_FORM_MSGS = {
  nameRequired: 'Enter a name for the token.',
  nameTooLong: `The name must have at most ${API_TOKEN_NAME_MAX} characters.`,
  areasRequired: 'Choose at least one area the token may reach.',
  dateRequired: 'Choose the date the token expires.',
  datePast: API_TOKEN_EXPIRY_PAST,
  dateFar: API_TOKEN_EXPIRY_FAR,
} as const;

/** The form's fields a problem can sit at (the server's field names where they agree). */
export type ApiTokenFormField = 'name' | 'areas' | 'expires_at';
export type ApiTokenFormErrors = Partial<Record<ApiTokenFormField, string>>;

/** When a date choice ends: the end of that day, UTC; null for a malformed date. */
function endOfDay(day: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const t = Date.parse(`${day}T23:59:59.000Z`);
  return Number.isNaN(t) ? null : t;
}

/** The expiry as the body sends it, or the problem with it. */
function expiresAtOf(values: ApiTokenFormValues, now: number): { value: string | null } | { error: string } {
  if (values.expiry === 'never') return { value: null };
  if (values.expiry === 'date') {
    if (values.expiresOn === '') return { error: API_TOKEN_FORM_MSGS.dateRequired };
    const at = endOfDay(values.expiresOn);
    if (at === null) return { error: API_TOKEN_FORM_MSGS.dateRequired };
    if (at <= now) return { error: API_TOKEN_FORM_MSGS.datePast };
    if (at > now + API_TOKEN_MAX_DAYS * DAY_MS) return { error: API_TOKEN_FORM_MSGS.dateFar };
    return { value: new Date(at).toISOString() };
  }
  return { value: new Date(now + Number(values.expiry) * DAY_MS).toISOString() };
}

/** Each field's problem (empty: the form may be sent). */
export function apiTokenFormErrors(values: ApiTokenFormValues, now: number): ApiTokenFormErrors {
  const errors: ApiTokenFormErrors = {};
  const name = values.name.trim();
  if (name === '') errors.name = API_TOKEN_FORM_MSGS.nameRequired;
  else if ([...name].length > API_TOKEN_NAME_MAX) errors.name = API_TOKEN_FORM_MSGS.nameTooLong;
  if (values.areas.length === 0) errors.areas = API_TOKEN_FORM_MSGS.areasRequired;
  const expiry = expiresAtOf(values, now);
  if ('error' in expiry) errors.expires_at = expiry.error;
  return errors;
}

/** The creation's body of valid values (areas in the registry's order). */
export function apiTokenCreateBody(values: ApiTokenFormValues, now: number): ApiTokenCreate {
  const expiry = expiresAtOf(values, now);
  return {
    name: values.name.trim(),
    access: values.access,
    areas: API_TOKEN_AREAS.filter((a) => values.areas.includes(a)),
    expires_at: 'value' in expiry ? expiry.value : null,
  };
}

/** The form field a server's refusal names (`areas.0` is the areas' field), or null for the form. */
export function apiTokenFieldOf(field: string | undefined): ApiTokenFormField | null {
  const head = field?.split('.')[0];
  return head === 'name' || head === 'areas' || head === 'expires_at' ? head : null;
}
