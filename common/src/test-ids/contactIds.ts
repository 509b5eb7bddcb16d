/**
 * data-testid values of the tenant portal's Contact Us page (the message to support and the
 * connectivity test) and of the provider console's Contact messages page. Never rename one.
 */
export const contactIds = {
  page: 'contact-page',
  form: 'contact-form',
  /** `${field}-${name}`: topic, subject, message, reply_to */
  field: 'contact-field',
  submit: 'contact-submit',
  error: 'contact-error',
  sent: 'contact-sent',
  sendAnother: 'contact-send-another',
  connectivity: 'connectivity-section',
  runTest: 'connectivity-run',
  /** `${siteRow}-${site_id}` */
  siteRow: 'connectivity-site',
  summary: 'connectivity-summary',
  runs: 'connectivity-runs',
  runsError: 'connectivity-runs-error',
} as const;

/** The provider console's Contact messages page. */
export const contactMessagesIds = {
  page: 'contact-messages-page',
  table: 'contact-messages-table',
  tenantFilter: 'contact-messages-tenant',
  statusFilter: 'contact-messages-status',
  total: 'contact-messages-total',
  /** `${row}-${id}` */
  row: 'contact-message',
  /** `${markAnswered}-${id}` */
  markAnswered: 'contact-message-answered',
  /** `${reopen}-${id}` */
  reopen: 'contact-message-reopen',
} as const;
