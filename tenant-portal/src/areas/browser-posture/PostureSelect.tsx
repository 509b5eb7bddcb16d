/**
 * The area's browser and platform pickers: one small labelled select (the policies' upload bar and
 * the policy editor each pick both).
 */
import { FormControl, InputLabel, MenuItem, Select } from '@mui/material';
import {
  POSTURE_BROWSERS,
  POSTURE_PLATFORMS,
  type PostureBrowser,
  type PosturePlatform,
} from '@workbench/common/api/contract/browser-posture/browserPosture';
import { BROWSER_LABELS, PLATFORM_LABELS } from './browserPostureTexts';

type PickerProps<T extends string> = {
  /** Ties the label to the select (an element id). */
  id: string;
  label: string;
  value: T;
  onChange: (value: T) => void;
  testId: string;
  disabled?: boolean;
};

function LabelledSelect<T extends string>({
  id,
  label,
  value,
  onChange,
  testId,
  disabled,
  options,
  labels,
  minWidth,
}: PickerProps<T> & { options: readonly T[]; labels: Record<T, string>; minWidth: number }) {
  return (
    <FormControl size="small" sx={{ minWidth }} disabled={disabled}>
      <InputLabel id={`${id}-label`}>{label}</InputLabel>
      <Select
        labelId={`${id}-label`}
        label={label}
        value={value}
        onChange={(e) => onChange(e.target.value as T)}
        inputProps={{ 'data-testid': testId }}
      >
        {options.map((o) => (
          <MenuItem key={o} value={o}>
            {labels[o]}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

export const BrowserSelect = (props: PickerProps<PostureBrowser>) => (
  <LabelledSelect {...props} options={POSTURE_BROWSERS} labels={BROWSER_LABELS} minWidth={200} />
);

export const PlatformSelect = (props: PickerProps<PosturePlatform>) => (
  <LabelledSelect {...props} options={POSTURE_PLATFORMS} labels={PLATFORM_LABELS} minWidth={140} />
);
