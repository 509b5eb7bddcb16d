/** data-testid values of the tenant portal's Web and Safemail pages (service settings). Never rename one. */
export const serviceSettingsIds = (name: string) =>
  ({
    /** The document's form (a card). */
    form: `service-settings-${name}`,
    /** `${field}-${name}`: one field's input, e.g. `service-settings-web-field-service_hostname`. */
    field: `service-settings-${name}-field`,
    save: `service-settings-${name}-save`,
    /** A refusal no field of the form shows (a 409, a missing feature). */
    error: `service-settings-${name}-error`,
    /** Who saved last, and when. */
    updated: `service-settings-${name}-updated`,
  }) as const;

export const serviceAreaIds = {
  /** The Web or Safemail page: `${page}-web`, `${page}-safemail`. */
  page: 'service-settings-page',
} as const;
