/** The Browser Posture Manager's texts (docs/browser-posture.md). */
import {
  BROWSER_LABELS,
  PLATFORM_LABELS,
  type PostureBrowser,
  type SettingValue,
} from '@workbench/common/api/contract/browser-posture/browserPosture';

export const BRW_TEXTS = {
  title: 'Browser Posture Manager',
  intro:
    'See whether the managed browsers are configured safely: keep their policies here, assess them against a security baseline, fix what fails, and export the policy for your device management.',
  policiesEmpty:
    'No browser policies yet. Upload a policy file (a .reg export, Group Policy Registry.xml or a JSON policy file), or create one from the catalogue; then assess it against its browser’s baseline.',
  uploadLabel: 'Drop a policy file here (.reg, Registry.xml, JSON) or choose one',
  uploadBrowser: 'Browser (for a JSON file)',
  uploadPlatform: 'Platform',
  newPolicy: 'New policy',
  pastePolicy: 'Paste settings',
  deleteSelected: 'Delete selected',
  readOnly: 'You may read the browser policies; changing them needs another role.',
  assessmentsEmpty:
    'No assessments yet. On the Policies tab, choose Assess on a policy to judge it against its browser’s security baseline.',
  noPermission: 'You do not have permission to see this.',
} as const;

export const browserLabel = (b: PostureBrowser): string => BROWSER_LABELS[b];
export { BROWSER_LABELS, PLATFORM_LABELS };

/** A setting's value as text: yes or no, a list joined, else as it is. */
export function valueText(value: SettingValue | null): string {
  if (value === null) return 'Not configured';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}
