import type { GeneratorTenant } from './eventGenerator';

/** The generator's tenants from the config store's tenant records (active ones only). */
export function generatorTenantsOf(
  tenants: readonly { tid: string; name: string; status?: string }[],
): GeneratorTenant[] {
  return tenants
    .filter((t) => t.status === undefined || t.status === 'active')
    .map((t) => ({ tid: t.tid, name: t.name }));
}
