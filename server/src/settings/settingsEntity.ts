/** The config-store entity of a tenant settings list (one per tenant): `settings_<list>`. */
export const settingsEntity = (list: string): string => `settings_${list}`;

/** The config-store entity of a tenant's TS client profile document (one per tenant). */
export const TS_CLIENT_PROFILE_ENTITY = 'settings_ts_client_profile';
