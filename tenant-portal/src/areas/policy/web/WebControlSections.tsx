import { useId, useMemo } from 'react';
import { Box, Typography } from '@mui/material';
import { selectCan, selectFeature, useAppSelector } from '@workbench/common';
import { FORENSICS_PROFILES } from '@workbench/common/api/contract/settings-lists/forensicsProfiles';
import { settingsReadPermission } from '@workbench/common/api/contract/tenantSettings';
import type { PolicyData } from '@workbench/common/api/contract/policyKinds';
import { webControlIds } from '@workbench/common/test-ids/webControlIds';
import type { SectionEditorProps } from '../PolicyFamilyPage';
import type { EntryField, EntryValues } from './EntryDialog';
import { ScopedRulesList, type ScopedRuleKind } from './ScopedRules';
import { SettingsFields } from './SettingsFields';
import { useCategoryGroups } from './useCategoryGroups';
import { useEntityList } from '../../../app/portalEntities';
import {
  ALLOW_BLOCK_OPTIONS,
  DIRECTION_OPTIONS,
  WATERMARK_HELP,
  allowBlockLabel,
  colourError,
  directionLabel,
  numberOf,
  profileIdError,
  selectField,
  watermarkPreviewText,
  watermarkTextError,
  wholeNumber,
} from './webControlFields';

type CopyPasteDoc = PolicyData<'copy_paste'>;
type CopyPasteRule = CopyPasteDoc['copy_paste_policy']['rules'][number];
type WatermarkDoc = PolicyData<'watermark'>;
type WatermarkRule = WatermarkDoc['watermark']['rules'][number];
type ForensicsDoc = PolicyData<'bf/web'>;
type ForensicsRule = ForensicsDoc['browsing_forensics']['rules'][number];
type BandwidthDoc = PolicyData<'bandwidth'>;
type BandwidthRule = BandwidthDoc['bandwidth']['rules'][number];

const Heading = ({ children }: { children: string }) => (
  <Typography variant="h3" sx={{ mt: 3, mb: 1 }}>
    {children}
  </Typography>
);

/* ---------------------------------------------------------------- Copy and paste */

const COPY = 'Copy from isolated pages to the device';
const PASTE = 'Paste from the device into isolated pages';

const copyPasteRuleKind: ScopedRuleKind<CopyPasteRule> = {
  noun: 'Copy/paste rule',
  fields: [selectField('copy', COPY, ALLOW_BLOCK_OPTIONS), selectField('paste', PASTE, ALLOW_BLOCK_OPTIONS)],
  valuesOf: (r) => ({ copy: r?.copy ?? 'block', paste: r?.paste ?? 'block' }),
  ruleOf: (base, v) => ({
    ...base,
    copy: v.copy === 'allow' ? 'allow' : 'block',
    paste: v.paste === 'allow' ? 'allow' : 'block',
  }),
  columns: [
    { name: 'copy', header: 'Copy', minWidth: 90, value: (r) => allowBlockLabel(r.copy) },
    { name: 'paste', header: 'Paste', minWidth: 90, value: (r) => allowBlockLabel(r.paste) },
  ],
};

const copyPasteDefaults: readonly EntryField[] = [
  selectField('copy', COPY, ALLOW_BLOCK_OPTIONS),
  selectField('paste', PASTE, ALLOW_BLOCK_OPTIONS),
  {
    name: 'max_characters',
    label: 'Longest paste (characters)',
    type: 'text',
    validate: wholeNumber(1, 1_000_000),
    helperText: 'Longer pastes are cut to this length.',
  },
];

/**
 * Copy and paste between isolated pages and the user's device (docs/policy.md §3 copy_paste, body
 * copy_paste_policy): the defaults for each way and the longest paste, then rules by who and
 * where that override them (first enabled match decides).
 */
export function CopyPasteSection({
  doc,
  onChange,
  readOnly,
  linkedKey,
  onLinkOpened,
}: SectionEditorProps<'copy_paste'>) {
  const groups = useCategoryGroups();
  const policy = doc.copy_paste_policy;
  const set = (next: Partial<CopyPasteDoc['copy_paste_policy']>) =>
    onChange({ ...doc, copy_paste_policy: { ...policy, ...next } });
  return (
    <Box>
      <Heading>Default for every isolated page</Heading>
      <SettingsFields
        label="Copy and paste defaults"
        fields={copyPasteDefaults}
        readOnly={readOnly}
        values={{ copy: policy.copy, paste: policy.paste, max_characters: String(policy.max_characters) }}
        onCommit={(v) =>
          set({
            copy: v.copy === 'allow' ? 'allow' : 'block',
            paste: v.paste === 'allow' ? 'allow' : 'block',
            max_characters: Number(v.max_characters),
          })
        }
      />
      <Heading>Rules</Heading>
      <ScopedRulesList<CopyPasteRule>
        rules={policy.rules}
        onChange={(rules) => set({ rules })}
        readOnly={readOnly}
        groups={groups}
        kind={copyPasteRuleKind}
        listId="copy-paste"
        label="Copy and paste rules"
        intro="Rules apply in this order: the first enabled rule that matches the user and the page decides; otherwise the default applies."
        emptyText="No copy/paste rules: the default applies everywhere."
        ordered
        linkedKey={linkedKey}
        onLinkOpened={onLinkOpened}
      />
    </Box>
  );
}

/* ---------------------------------------------------------------- Watermark */

const watermarkLook: readonly EntryField[] = [
  { name: 'enabled', label: 'Draw a watermark over isolated pages', type: 'switch' },
  {
    name: 'text',
    label: 'Text',
    type: 'text',
    validate: watermarkTextError,
    helperText: WATERMARK_HELP,
  },
  { name: 'opacity', label: 'Opacity (%)', type: 'text', validate: wholeNumber(5, 50) },
  { name: 'font_size', label: 'Font size (px)', type: 'text', validate: wholeNumber(8, 72) },
  { name: 'color', label: 'Colour (#RRGGBB)', type: 'text', validate: colourError },
];

const watermarkRuleKind: ScopedRuleKind<WatermarkRule> = {
  noun: 'Watermark rule',
  fields: [],
  valuesOf: () => ({}),
  ruleOf: (base) => base,
  columns: [],
};

/** The watermark as drawn over a page: tiled, turned, in the chosen colour and opacity. */
function WatermarkPreview({ look }: { look: WatermarkDoc['watermark'] }) {
  const text = watermarkPreviewText(look.text);
  // useId's colons would end a url(#…) reference.
  const patternId = `watermark-${useId().replace(/:/g, '')}`;
  return (
    <Box
      role="img"
      aria-label={`Preview: ${text}`}
      data-testid={webControlIds.watermarkPreview}
      sx={{
        position: 'relative',
        overflow: 'hidden',
        height: 160,
        maxWidth: 560,
        mt: 2,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: '#ffffff',
        color: '#333333',
        p: 2,
      }}
    >
      <Typography variant="body2" sx={{ color: '#555555' }}>
        An isolated page, as the user sees it.
      </Typography>
      {look.enabled && (
        // An SVG pattern, not text: the watermark is meant to be faint, and it is decoration, so
        // it must not read as low-contrast page text (axe color-contrast).
        <Box
          component="svg"
          aria-hidden
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', pointerEvents: 'none' }}
        >
          <defs>
            <pattern
              id={patternId}
              patternUnits="userSpaceOnUse"
              width={Math.ceil(text.length * look.font_size * 0.6) + 48}
              height={look.font_size * 3}
              patternTransform="rotate(-30)"
            >
              <text
                x={0}
                y={look.font_size * 1.5}
                fill={look.color}
                fillOpacity={look.opacity / 100}
                fontSize={look.font_size}
                fontFamily="sans-serif"
              >
                {text}
              </text>
            </pattern>
          </defs>
          <rect width="100%" height="100%" fill={`url(#${patternId})`} />
        </Box>
      )}
    </Box>
  );
}

/**
 * The watermark (docs/access.md §5 watermarking, docs/policy.md §3 watermark): its text with placeholders, its look
 * with a live preview, and the rules of where it is drawn (every enabled match; none: everywhere).
 */
export function WatermarkSection({
  doc,
  onChange,
  readOnly,
  linkedKey,
  onLinkOpened,
}: SectionEditorProps<'watermark'>) {
  const groups = useCategoryGroups();
  const look = doc.watermark;
  const set = (next: Partial<WatermarkDoc['watermark']>) => onChange({ watermark: { ...look, ...next } });
  return (
    <Box>
      <SettingsFields
        label="Watermark"
        fields={watermarkLook}
        readOnly={readOnly}
        values={{
          enabled: look.enabled,
          text: look.text,
          opacity: String(look.opacity),
          font_size: String(look.font_size),
          color: look.color,
        }}
        onCommit={(v) =>
          set({
            enabled: Boolean(v.enabled),
            text: String(v.text),
            opacity: Number(v.opacity),
            font_size: Number(v.font_size),
            color: String(v.color),
          })
        }
      />
      <WatermarkPreview look={look} />
      <Heading>Where it is drawn</Heading>
      <ScopedRulesList<WatermarkRule>
        rules={look.rules}
        onChange={(rules) => set({ rules })}
        readOnly={readOnly}
        groups={groups}
        kind={watermarkRuleKind}
        listId="watermark"
        label="Watermark rules"
        intro="The watermark is drawn where any enabled rule matches the user and the page. With no rules it is drawn on every isolated page."
        emptyText="No watermark rules: drawn on every isolated page while switched on."
        ordered={false}
        linkedKey={linkedKey}
        onLinkOpened={onLinkOpened}
      />
    </Box>
  );
}

/* ---------------------------------------------------------------- Browsing forensics */

/** A forensics profile to pick: its uuid (what the rule keeps) and its name (what the user reads). */
interface ProfileOption {
  code: string;
  label: string;
}

/**
 * The rule picks one of Settings › Forensics Profiles by name; its uuid is saved. A rule whose
 * profile is gone (or unreadable to this role) keeps showing its id until another is picked; the
 * server refuses to save a rule naming a profile the tenant does not have (docs/settings.md §3).
 */
const forensicsRuleKind = (profiles: readonly ProfileOption[]): ScopedRuleKind<ForensicsRule> => {
  const nameOf = (id: string) => profiles.find((p) => p.code === id)?.label ?? `Unknown profile (${id})`;
  return {
    noun: 'Forensics rule',
    fields: [
      {
        name: 'profile_id',
        label: 'Forensics profile',
        type: 'select',
        options: profiles,
        validate: profileIdError,
        helperText:
          profiles.length === 0
            ? 'No forensics profiles yet: add one in Settings › Forensics Profiles.'
            : 'What is captured and where it is kept (Settings › Forensics Profiles).',
      },
    ],
    valuesOf: (r) => ({ profile_id: r?.profile_id ?? profiles[0]?.code ?? '' }),
    ruleOf: (base, v) => ({ ...base, profile_id: String(v.profile_id) }),
    columns: [
      { name: 'profile_id', header: 'Profile', flex: 2, minWidth: 160, value: (r) => nameOf(r.profile_id) },
    ],
  };
};

/**
 * Browsing forensics (docs/access.md §5 browsing_forensics, docs/policy.md §3 bf/web, body browsing_forensics):
 * whether sessions are recorded, and which are, with which forensics profile (first match decides).
 */
export function ForensicsSection({
  doc,
  onChange,
  readOnly,
  linkedKey,
  onLinkOpened,
}: SectionEditorProps<'bf/web'>) {
  const groups = useCategoryGroups();
  const bf = doc.browsing_forensics;
  // The profiles are a settings list: a role that may not read them picks from none (and sees ids).
  const canReadProfiles = useAppSelector(selectCan(settingsReadPermission(FORENSICS_PROFILES)));
  const { rows } = useEntityList('bf_profiles', { enabled: canReadProfiles });
  const ruleKind = useMemo(() => {
    const options = rows.map((p) => ({ code: String(p.uuid), label: String(p.name) }));
    // A rule's profile the list does not hold stays a choice, named as unknown, so the dialog shows it.
    for (const r of bf.rules)
      if (!options.some((o) => o.code === r.profile_id))
        options.push({ code: r.profile_id, label: `Unknown profile (${r.profile_id})` });
    return forensicsRuleKind(options);
  }, [rows, bf.rules]);
  const set = (next: Partial<ForensicsDoc['browsing_forensics']>) =>
    onChange({ browsing_forensics: { ...bf, ...next } });
  return (
    <Box>
      <SettingsFields
        label="Browsing forensics"
        fields={[{ name: 'enabled', label: 'Record browsing sessions that match a rule', type: 'switch' }]}
        readOnly={readOnly}
        values={{ enabled: bf.enabled }}
        onCommit={(v) => set({ enabled: Boolean(v.enabled) })}
      />
      <Heading>Rules</Heading>
      <ScopedRulesList<ForensicsRule>
        rules={bf.rules}
        onChange={(rules) => set({ rules })}
        readOnly={readOnly}
        groups={groups}
        kind={ruleKind}
        listId="forensics"
        label="Browsing forensics rules"
        intro="The first enabled rule that matches the user and the page decides where the session is recorded. Sessions no rule matches are not recorded."
        emptyText="No forensics rules: nothing is recorded."
        ordered
        linkedKey={linkedKey}
        onLinkOpened={onLinkOpened}
      />
    </Box>
  );
}

/* ---------------------------------------------------------------- Bandwidth */

const LIMIT = { min: 64, max: 10_000_000 };
const QUOTA = { min: 1, max: 10_000_000 };
const NEEDS_ONE = 'Set a rate limit, a daily quota or both.';

const bandwidthRuleKind = (limits: boolean, quotas: boolean): ScopedRuleKind<BandwidthRule> => ({
  noun: 'Bandwidth rule',
  fields: [
    selectField('direction', 'Direction', DIRECTION_OPTIONS),
    {
      name: 'limit_kbps',
      label: 'Rate limit per user (kbit/s)',
      type: 'text',
      validate: wholeNumber(LIMIT.min, LIMIT.max, true),
      helperText: 'Empty: no rate limit.',
      // A tenant without bandwidth_limits sees a limit only where one is already set (docs/access.md §5).
      shown: (v) => limits || String(v.limit_kbps ?? '') !== '',
    },
    {
      name: 'daily_quota_mb',
      label: 'Daily quota per user (MB)',
      type: 'text',
      validate: wholeNumber(QUOTA.min, QUOTA.max, true),
      helperText: 'Empty: no quota. Over it, requests are blocked until midnight.',
      shown: (v) => quotas || String(v.daily_quota_mb ?? '') !== '',
    },
  ],
  valuesOf: (r) => ({
    direction: r?.direction ?? 'all',
    limit_kbps: r?.limit_kbps === undefined ? '' : String(r.limit_kbps),
    daily_quota_mb: r?.daily_quota_mb === undefined ? '' : String(r.daily_quota_mb),
  }),
  validate: (v: EntryValues) =>
    numberOf(v.limit_kbps) === undefined && numberOf(v.daily_quota_mb) === undefined
      ? { [limits ? 'limit_kbps' : 'daily_quota_mb']: NEEDS_ONE }
      : {},
  ruleOf: (base, v) => {
    const limit = numberOf(v.limit_kbps);
    const quota = numberOf(v.daily_quota_mb);
    return {
      ...base,
      direction: (DIRECTION_OPTIONS.find((o) => o.code === v.direction)?.code ??
        'all') as BandwidthRule['direction'],
      ...(limit !== undefined ? { limit_kbps: limit } : {}),
      ...(quota !== undefined ? { daily_quota_mb: quota } : {}),
    };
  },
  columns: [
    { name: 'direction', header: 'Direction', minWidth: 130, value: (r) => directionLabel(r.direction) },
    {
      name: 'limit_kbps',
      header: 'Rate limit',
      minWidth: 110,
      value: (r) => (r.limit_kbps === undefined ? 'None' : `${r.limit_kbps.toLocaleString('en-US')} kbit/s`),
    },
    {
      name: 'daily_quota_mb',
      header: 'Daily quota',
      minWidth: 110,
      value: (r) =>
        r.daily_quota_mb === undefined ? 'None' : `${r.daily_quota_mb.toLocaleString('en-US')} MB`,
    },
  ],
});

/**
 * Bandwidth (docs/policy.md §3 bandwidth.rules; docs/access.md §5 bandwidth): per rule a rate limit,
 * a daily quota or both, in a direction; first enabled match decides. The limit is offered with
 * the bandwidth_limits capability, the quota with daily_bandwidth_quota.
 */
export function BandwidthSection({
  doc,
  onChange,
  readOnly,
  linkedKey,
  onLinkOpened,
}: SectionEditorProps<'bandwidth'>) {
  const groups = useCategoryGroups();
  const limits = useAppSelector(selectFeature('bandwidth_limits'));
  const quotas = useAppSelector(selectFeature('daily_bandwidth_quota'));
  const kind = useMemo(() => bandwidthRuleKind(limits, quotas), [limits, quotas]);
  return (
    <ScopedRulesList<BandwidthRule>
      rules={doc.bandwidth.rules}
      onChange={(rules) => onChange({ ...doc, bandwidth: { rules } })}
      readOnly={readOnly}
      groups={groups}
      kind={kind}
      listId="bandwidth"
      label="Bandwidth rules"
      intro="Rules apply in this order: the first enabled rule that matches the user and the request sets its limits. Requests no rule matches are not limited."
      emptyText="No bandwidth rules: nothing is limited."
      ordered
      linkedKey={linkedKey}
      onLinkOpened={onLinkOpened}
    />
  );
}
