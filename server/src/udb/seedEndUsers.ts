import crypto from 'node:crypto';
import { DEMO_TENANTS } from '@workbench/common/api/contract/demo';
import type { ConfigStore, EndUserRecord } from '../store/ConfigStore';

const FIRST = [
  'Amelia',
  'Bruno',
  'Chloe',
  'Dmitri',
  'Elena',
  'Farid',
  'Grace',
  'Hiro',
  'Ines',
  'Jonas',
  'Keiko',
  'Liam',
  'Maya',
  'Nikhil',
  'Olga',
  'Pablo',
  'Quinn',
  'Rosa',
  'Sven',
  'Tara',
];
const LAST = [
  'Andersen',
  'Baptiste',
  'Chen',
  'Dubois',
  'Eriksen',
  'Fischer',
  'Garcia',
  'Haddad',
  'Ivanova',
  'Jensen',
  'Kowalski',
  'Lopez',
  'Moreau',
  'Nakamura',
  'Okafor',
  'Petrov',
];
const GROUPS: Record<string, string[]> = {
  acme: ['engineering', 'sales', 'finance', 'support', 'marketing', 'contractors'],
  globex: ['research', 'operations', 'legal'],
};
/** End users per demo tenant on first start. */
export const DEMO_END_USERS: Record<string, number> = { acme: 48, globex: 12 };

/** Deterministic demo end users of one tenant (the same names on every first start). */
export function demoEndUsers(tid: string, tenantName: string, count: number, at: string): EndUserRecord[] {
  const groups = GROUPS[tenantName] ?? ['staff'];
  const users: EndUserRecord[] = [];
  for (let i = 0; i < count; i += 1) {
    const first = FIRST[i % FIRST.length];
    const last = LAST[(i * 7 + Math.floor(i / FIRST.length)) % LAST.length];
    const local =
      `${first}.${last}`.toLowerCase() + (i >= FIRST.length ? String(Math.floor(i / FIRST.length) + 1) : '');
    const domain = i % 5 === 4 ? `partners.${tenantName}.example` : `${tenantName}.example`;
    const username = `${local}@${domain}`;
    users.push({
      uid: crypto.randomUUID(),
      tid,
      username,
      firstName: first,
      lastName: last,
      email: username,
      groups:
        i % 6 === 5
          ? [groups[i % groups.length], groups[(i + 1) % groups.length]]
          : [groups[i % groups.length]],
      status: i % 9 === 8 ? 'disabled' : 'active',
      passwordHash: null,
      createdAt: at,
      updatedAt: at,
    });
  }
  return users;
}

/**
 * Seeds the demo tenants' end users once per tenant (recorded in the store, so deleting every
 * user does not bring them back on the next start). Safe to call on every start.
 */
export async function seedEndUsers(store: ConfigStore, now: Date): Promise<number> {
  const at = now.toISOString();
  const tenants = await store.tenants.list();
  let inserted = 0;
  await store.transaction(async (tx) => {
    for (const demo of DEMO_TENANTS) {
      const tenant = tenants.find((t) => t.name === demo.name);
      if (!tenant) continue;
      if (!(await tx.endUsers.markSeeded(tenant.tid, at))) continue;
      if ((await tx.endUsers.count(tenant.tid)) > 0) continue;
      for (const u of demoEndUsers(tenant.tid, demo.name, DEMO_END_USERS[demo.name] ?? 10, at)) {
        await tx.endUsers.insert(u);
        inserted += 1;
      }
    }
  });
  return inserted;
}
