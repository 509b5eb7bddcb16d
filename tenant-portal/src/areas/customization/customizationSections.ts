/**
 * The Customization area's sections (issue 13; docs/sessions.md §6 customization, docs/policy.md §4 Policy
 * customization/web|email|dlp): one per document, each deep-linkable as #/customization/<path>
 * and saved on its own into the staged policy revision.
 */
import {
  DLP_NOTIFICATION_PAGES,
  EMAIL_NOTIFICATION_PAGES,
  WEB_NOTIFICATION_PAGES,
} from '@workbench/common/api/contract/policy-kinds/customizationKinds';

/**
 * The notification pages each document holds, by its tab (the tabs and their titles are the
 * customization kinds' view rows; the page checks each path and kind against them).
 */
export const CUSTOMIZATION_SECTIONS = [
  { path: 'web', kind: 'customization/web', pages: WEB_NOTIFICATION_PAGES },
  { path: 'email', kind: 'customization/email', pages: EMAIL_NOTIFICATION_PAGES },
  { path: 'dlp', kind: 'customization/dlp', pages: DLP_NOTIFICATION_PAGES },
] as const;

export type CustomizationKind = (typeof CUSTOMIZATION_SECTIONS)[number]['kind'];

/** The product's own text of each page: what users see while the page is not customized. */
export const PRODUCT_TEXT: Readonly<Record<string, { title: string; message: string }>> = {
  block: { title: 'This page is blocked', message: 'Your organization does not allow this site.' },
  isolate: {
    title: 'This page is shown in isolation',
    message: 'The site runs in a remote browser to keep your device safe. Some features may be limited.',
  },
  warn: {
    title: 'Are you sure you want to continue?',
    message:
      'This site may be risky or against your organization’s policy. Continue only if you need it for work.',
  },
  quota_exceeded: {
    title: 'Daily quota reached',
    message: 'You have used your browsing quota for this category today. It resets at midnight.',
  },
  file_blocked: {
    title: 'This file is blocked',
    message: 'Your organization does not allow this file to be downloaded.',
  },
  external_banner: {
    title: 'External sender',
    message: 'This message comes from outside your organization. Be careful with links and attachments.',
  },
  link_blocked: {
    title: 'This link is blocked',
    message: 'The link in the message leads to a site your organization blocks.',
  },
  link_isolated: {
    title: 'This link opens in isolation',
    message: 'The link in the message opens in a remote browser to keep your device safe.',
  },
  quarantine_notice: {
    title: 'A message was quarantined',
    message:
      'A message sent to you was held because it may be harmful. Ask your administrator to release it.',
  },
  upload_blocked: {
    title: 'Upload blocked',
    message: 'The file contains data your organization does not allow to leave it.',
  },
  download_blocked: {
    title: 'Download blocked',
    message: 'The file contains data your organization does not allow you to download.',
  },
  upload_logged: {
    title: 'Upload recorded',
    message: 'The file contains sensitive data. The upload was allowed and recorded for review.',
  },
};

/** Sample details the product adds to each page, for the preview. */
export const PREVIEW_DETAILS: Readonly<Record<string, ReadonlyArray<[string, string]>>> = {
  web: [
    ['Address', 'https://www.example.com/'],
    ['Category', 'Gambling'],
  ],
  email: [
    ['From', 'sender@example.net'],
    ['Subject', 'Invoice 2026-114'],
  ],
  dlp: [
    ['File', 'customers.xlsx'],
    ['Destination', 'drive.example.com'],
    ['Dictionary', 'Credit card numbers'],
  ],
};
