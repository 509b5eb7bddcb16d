/** The config-store entity of a tenant settings list (one per tenant): `settings_<list>`. */
export const settingsEntity = (list: string): string => `settings_${list}`;
