/**
 * data-testid values of the Web Policy page's web-control sections (issue 13: copy/paste,
 * watermark, browsing forensics, bandwidth, global and parent-global rules, category migration).
 * Rule lists reuse webPolicyIds (ruleAdd-<list>, ruleEdit-<id>, ruleDialog…). Never rename one.
 */
export const webControlIds = {
  /** `${setting}-${field}`: a section's settings field (copy, paste, max_characters, text, …). */
  setting: 'web-control-setting',
  /** The watermark's live preview. */
  watermarkPreview: 'web-control-watermark-preview',
  /** A parent-global section with nothing set by the parent. */
  parentEmpty: 'web-control-parent-empty',
  /** The category migration: its notice, button, confirmation dialog and its buttons, its error. */
  migration: 'web-control-category-migration',
  migrationStart: 'web-control-category-migration-start',
  migrationDialog: 'web-control-category-migration-dialog',
  migrationConfirm: 'web-control-category-migration-confirm',
  migrationCancel: 'web-control-category-migration-cancel',
  migrationError: 'web-control-category-migration-error',
} as const;
