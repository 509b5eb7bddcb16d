/** The role editor's values, its rules (the contract's: RoleSave) and the body it saves. */
import {
  ROLE_ENTRY_PATTERN,
  ROLE_NAME_MAX,
  type Role,
  type RoleSave,
} from '@workbench/common/api/contract/administrators';

export interface RoleFormValues {
  name: string;
  description: string;
  read: string[];
  write: string[];
}

export type RoleFormErrors = Partial<Record<keyof RoleFormValues, string>>;

/** The contract's limits (RoleSave). */
export const ROLE_DESCRIPTION_MAX = 500;
export const ROLE_ENTRIES_MAX = 200;
const ENTRY = new RegExp(ROLE_ENTRY_PATTERN);

export const emptyRoleForm: RoleFormValues = { name: '', description: '', read: [], write: [] };

export const formOfRole = (role: Role): RoleFormValues => ({
  name: role.name,
  description: role.description,
  read: [...role.read],
  write: [...role.write],
});

/** A copy: the source's lists under a name no role has yet. */
export function copyFormOf(role: Role, taken: readonly string[]): RoleFormValues {
  let name = `${role.name}-copy`;
  for (let i = 2; taken.includes(name); i += 1) name = `${role.name}-copy-${i}`;
  return { ...formOfRole(role), name: name.slice(0, ROLE_NAME_MAX) };
}

const entriesError = (entries: readonly string[]): string | undefined => {
  const bad = entries.find((e) => !ENTRY.test(e));
  if (bad !== undefined)
    return `“${bad}” is not an entry: use item or item:sub of letters, digits, _, - or * (e.g. logs:web, settings:*).`;
  if (new Set(entries).size !== entries.length) return 'An entry is listed twice.';
  if (entries.length > ROLE_ENTRIES_MAX) return `At most ${ROLE_ENTRIES_MAX} entries.`;
  return undefined;
};

/**
 * What the form refuses before it sends anything: the name (1–64 characters, not one another
 * role has when creating), the description's length, and each list's entries.
 */
export function roleFormErrors(
  v: RoleFormValues,
  { creating, taken }: { creating: boolean; taken: readonly string[] },
): RoleFormErrors {
  const errors: RoleFormErrors = {};
  const name = v.name.trim();
  if (name === '') errors.name = 'Required.';
  else if (name.length > ROLE_NAME_MAX) errors.name = `At most ${ROLE_NAME_MAX} characters.`;
  // The server's own rule: names are compared as written.
  else if (creating && taken.includes(name)) errors.name = `A role named ${name} exists.`;
  if (v.description.length > ROLE_DESCRIPTION_MAX)
    errors.description = `At most ${ROLE_DESCRIPTION_MAX} characters.`;
  const read = entriesError(v.read);
  if (read) errors.read = read;
  const write = entriesError(v.write);
  if (write) errors.write = write;
  return errors;
}

export const saveBodyOf = (v: RoleFormValues, creating: boolean): RoleSave => ({
  name: v.name.trim(),
  description: v.description,
  read: v.read,
  write: v.write,
  create: creating,
});
