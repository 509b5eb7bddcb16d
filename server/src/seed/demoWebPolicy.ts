/**
 * The demo tenants' web policy (issue 12: a portal opened for the first time shows a policy an
 * administrator would recognise, and the demo web events name the rules that decided them): the
 * documents of revision 1, written by the demo seed. Category ids are the v1 tree's
 * (server/src/policy/reference/webCategories.ts).
 */
import type { PolicyData } from '@workbench/common/api/contract/policyKinds';

export const DEMO_WEB_POLICY: {
  cats: PolicyData<'cats'>;
  'web/exceptions': PolicyData<'web/exceptions'>;
} = {
  cats: {
    list: [
      // Security risk: blocked.
      { category_id: 56, action: 'block' }, // Malware Sites
      { category_id: 57, action: 'block' }, // Phishing and Other Frauds
      { category_id: 67, action: 'block' }, // Bot Nets
      { category_id: 59, action: 'block' }, // Spyware and Adware
      { category_id: 58, action: 'block' }, // Proxy Avoidance and Anonymizers
      // Legal liability and adult content: blocked.
      { category_id: 11, action: 'block' }, // Adult and Pornography
      { category_id: 27, action: 'block' }, // Gambling
      // Unknown and questionable sites: isolated.
      { category_id: 84, action: 'safeview' }, // Unknown
      { category_id: 44, action: 'safeview' }, // Questionable
      { category_id: 75, action: 'safeview' }, // Parked Domains
      // Personal storage: isolated read-only (no uploads).
      { category_id: 47, action: 'safeview_readonly' }, // Personal Storage
    ],
  },
  'web/exceptions': {
    list: [
      {
        id: 'allow-collaboration',
        name: 'Allow the collaboration suite',
        enabled: true,
        action: 'allow',
        conditions: { domain: ['office.com', 'slack.com', 'zoom.us', 'atlassian.net'] },
        comment: 'Business-critical: never isolated.',
      },
      {
        id: 'finance-storage',
        name: 'Finance may use Box',
        enabled: true,
        action: 'allow',
        conditions: { domain: ['box.com'], groups: ['Finance'] },
      },
      {
        id: 'isolate-webmail',
        name: 'Isolate personal webmail',
        enabled: true,
        action: 'safeview',
        conditions: { categories: [55] },
        comment: 'Attachments open in the isolated browser.',
      },
      {
        id: 'social-readonly',
        name: 'Social networks read-only outside Marketing',
        enabled: true,
        action: 'safeview_readonly',
        conditions: { categories: [14] },
      },
      {
        id: 'streaming-work-hours',
        name: 'Block streaming during work hours',
        enabled: false,
        action: 'block',
        conditions: { categories: [25] },
        schedule: { days: [1, 2, 3, 4, 5], from: '09:00', to: '17:00', time_zone: 'UTC' },
      },
    ],
    bypass: ['chase.com', 'paypal.com'],
  },
};
