import {
  AUDIT_ACTIONS,
  BADGE_COLOURS,
  CASB_PROFILE_TYPES,
  DLP_ACTIONS,
  EMAIL_ACTIONS,
  EMAIL_REASONS,
  FILE_DECRYPTED_RESULTS,
  FIREWALL_ACTIONS,
  FIREWALL_REQUEST_TYPES,
  FREQUENCIES,
  INSPECTION_ACTIONS,
  INSPECTION_TYPES,
  POLICY_ENFORCEMENT_ACTIONS,
  RESOURCE_CATEGORIES,
  RISKS,
  RISK_BADGE_COLOURS,
  SMTP_ACTIONS,
  THREAT_CLASSES,
  WEB_CATEGORIES,
} from './logFilterVocabularies';
import { SUB_EVENT_TYPES } from '../api/contract/auditAreas';
import { COUNTRIES } from './countries';
import * as reportFieldVocabularies from './reportFieldVocabularies';
import { isVocabularyCode, vocabularyCodes, vocabularyLabel, type Vocabulary } from './vocabulary';

const all: Record<string, Vocabulary> = {
  AUDIT_ACTIONS,
  CASB_PROFILE_TYPES,
  DLP_ACTIONS,
  EMAIL_ACTIONS,
  EMAIL_REASONS,
  FILE_DECRYPTED_RESULTS,
  FIREWALL_ACTIONS,
  FIREWALL_REQUEST_TYPES,
  INSPECTION_ACTIONS,
  INSPECTION_TYPES,
  POLICY_ENFORCEMENT_ACTIONS,
  RESOURCE_CATEGORIES,
  RISKS,
  SMTP_ACTIONS,
  SUB_EVENT_TYPES,
  THREAT_CLASSES,
  WEB_CATEGORIES,
  COUNTRIES,
  // Ours, for the report fields (the spec names the fields only).
  ...Object.fromEntries(
    Object.entries(reportFieldVocabularies).filter(([, v]) => Array.isArray(v) && typeof v[0] === 'object'),
  ),
};

describe('log filter vocabularies (docs/glossary.md §2)', () => {
  for (const [name, vocabulary] of Object.entries(all)) {
    it(`${name} has unique codes and a non-empty label for each`, () => {
      const codes = vocabularyCodes(vocabulary);
      expect(new Set(codes).size).toBe(codes.length);
      for (const entry of vocabulary) expect(entry.label.trim()).not.toBe('');
    });
  }

  it('Audit actions: many, including login, login_failed, logout, change_pwd, create (Initialized), published, reorder (Rule Order Changed), rollback, tfa_* events, add_user, remove_user, activated, deactivated, unlocked', () => {
    const codes = vocabularyCodes(AUDIT_ACTIONS);
    for (const code of [
      'login',
      'login_failed',
      'logout',
      'change_pwd',
      'create',
      'published',
      'reorder',
      'rollback',
      'add_user',
      'remove_user',
      'activated',
      'deactivated',
      'unlocked',
    ]) {
      expect(codes).toContain(code);
    }
    expect(codes.some((c) => c.startsWith('tfa_'))).toBe(true);
    expect(vocabularyLabel(AUDIT_ACTIONS, 'create')).toBe('Initialized');
    expect(vocabularyLabel(AUDIT_ACTIONS, 'reorder')).toBe('Rule Order Changed');
  });

  it('casb profile type: sanctioned, unsanctioned, unclassified', () => {
    expect(vocabularyCodes(CASB_PROFILE_TYPES)).toEqual(['sanctioned', 'unsanctioned', 'unclassified']);
  });

  it('Policy-enforcement action: allow, block, bypass, disable, direct, safeview (Isolate), safeview_readonly, sslbump_bypass, plus email-entry/exit and mobile variants', () => {
    const codes = vocabularyCodes(POLICY_ENFORCEMENT_ACTIONS);
    expect(codes.slice(0, 8)).toEqual([
      'allow',
      'block',
      'bypass',
      'disable',
      'direct',
      'safeview',
      'safeview_readonly',
      'sslbump_bypass',
    ]);
    expect(vocabularyLabel(POLICY_ENFORCEMENT_ACTIONS, 'safeview')).toBe('Isolate');
    expect(codes.some((c) => c.startsWith('email_entry'))).toBe(true);
    expect(codes.some((c) => c.startsWith('email_exit'))).toBe(true);
    expect(codes.some((c) => c.startsWith('mobile'))).toBe(true);
  });

  it('dlp action: allow (Skip Inspection), block, log', () => {
    expect(vocabularyCodes(DLP_ACTIONS)).toEqual(['allow', 'block', 'log']);
    expect(vocabularyLabel(DLP_ACTIONS, 'allow')).toBe('Skip Inspection');
  });

  it('Email action: added, observed, replaced, removed, restore, transform, unwrapped, whitelist, wrapped, fail_open', () => {
    expect(vocabularyCodes(EMAIL_ACTIONS)).toEqual([
      'added',
      'observed',
      'replaced',
      'removed',
      'restore',
      'transform',
      'unwrapped',
      'whitelist',
      'wrapped',
      'fail_open',
    ]);
  });

  it('smtp action: attachment-rewrite, error, observed, replaced, upstream-abort, upstream-accept, upstream-reject, url-rewrite, sent-unmodified, wrapped', () => {
    expect(vocabularyCodes(SMTP_ACTIONS)).toEqual([
      'attachment-rewrite',
      'error',
      'observed',
      'replaced',
      'upstream-abort',
      'upstream-accept',
      'upstream-reject',
      'url-rewrite',
      'sent-unmodified',
      'wrapped',
    ]);
  });

  it('Email reason: csv, default, fail_open, invalid_charset, malformed, manual, menlo (Popular Sites), undo, unsupported, and others', () => {
    const codes = vocabularyCodes(EMAIL_REASONS);
    expect(codes.slice(0, 9)).toEqual([
      'csv',
      'default',
      'fail_open',
      'invalid_charset',
      'malformed',
      'manual',
      'menlo',
      'undo',
      'unsupported',
    ]);
    expect(vocabularyLabel(EMAIL_REASONS, 'menlo')).toBe('Popular Sites');
  });

  it('File decrypted: error, success, wrong_password', () => {
    expect(vocabularyCodes(FILE_DECRYPTED_RESULTS)).toEqual(['error', 'success', 'wrong_password']);
  });

  it('Firewall action: allow, drop, proxy, reject. Firewall request type: private_access, internet', () => {
    expect(vocabularyCodes(FIREWALL_ACTIONS)).toEqual(['allow', 'drop', 'proxy', 'reject']);
    expect(vocabularyCodes(FIREWALL_REQUEST_TYPES)).toEqual(['private_access', 'internet']);
  });

  it('Frequency: 5 minutes, 30 minutes, 1 hour, 1 day (held in milliseconds)', () => {
    expect(FREQUENCIES.map((f) => [f.label, f.ms])).toEqual([
      ['5 minutes', 300000],
      ['30 minutes', 1800000],
      ['1 hour', 3600000],
      ['1 day', 86400000],
    ]);
  });

  it('Inspection action: allow (Mark as Clean), block (Mark as Infected), inspect. Inspection type: file, hash, document', () => {
    expect(vocabularyCodes(INSPECTION_ACTIONS)).toEqual(['allow', 'block', 'inspect']);
    expect(vocabularyLabel(INSPECTION_ACTIONS, 'allow')).toBe('Mark as Clean');
    expect(vocabularyLabel(INSPECTION_ACTIONS, 'block')).toBe('Mark as Infected');
    expect(vocabularyCodes(INSPECTION_TYPES)).toEqual(['file', 'hash', 'document']);
  });

  it('Resource category: page, download, upload, attachment, form_post, and others', () => {
    expect(vocabularyCodes(RESOURCE_CATEGORIES).slice(0, 5)).toEqual([
      'page',
      'download',
      'upload',
      'attachment',
      'form_post',
    ]);
  });

  it('Risk: G Low, Y Medium, R High', () => {
    expect(RISKS.map((r) => [r.code, r.label])).toEqual([
      ['G', 'Low'],
      ['Y', 'Medium'],
      ['R', 'High'],
    ]);
    expect(RISK_BADGE_COLOURS).toEqual({ G: 'green', Y: 'orange', R: 'red' });
  });

  it('Sub-event type: a long list of admin areas', () => {
    expect(SUB_EVENT_TYPES.length).toBeGreaterThanOrEqual(20);
    expect(vocabularyCodes(SUB_EVENT_TYPES)).toEqual(
      expect.arrayContaining(['web_policy', 'email_policy', 'dlp_policy', 'users', 'roles']),
    );
  });

  it('Country codes: about 250 entries', () => {
    expect(COUNTRIES).toHaveLength(250);
    for (const { code } of COUNTRIES) expect(code).toMatch(/^[A-Z]{2}$/);
    expect(vocabularyLabel(COUNTRIES, 'DE')).toBe('Germany');
    expect(vocabularyLabel(COUNTRIES, 'US')).toBe('United States');
    expect(isVocabularyCode(COUNTRIES, 'EU')).toBe(false);
  });

  it('Threat classes: botnet, c&c, category, compromised-scanning, compromised-tor, dns-error, malware, phishing, plugin, reputation, spam, unknown, vulnerable, Infected', () => {
    expect(vocabularyCodes(THREAT_CLASSES)).toEqual([
      'botnet',
      'c&c',
      'category',
      'compromised-scanning',
      'compromised-tor',
      'dns-error',
      'malware',
      'phishing',
      'plugin',
      'reputation',
      'spam',
      'unknown',
      'vulnerable',
      'Infected',
    ]);
  });

  it('Badge colours: blue, gray, green, orange, red', () => {
    expect(BADGE_COLOURS).toEqual(['blue', 'gray', 'green', 'orange', 'red']);
  });

  it('an unknown code is shown as itself', () => {
    expect(vocabularyLabel(RISKS, 'Z')).toBe('Z');
    expect(isVocabularyCode(RISKS, 'g')).toBe(false);
  });
});
