/**
 * The posture checks of a posture profile's form (docs/settings.md §11): one row per check, its
 * comparator (only those its kind takes: equal for a true-or-false check) and one value, two for
 * inbetween (lowest, highest). A row that does not fit its comparator shows why, at the row: the
 * form refuses it before it is sent (the evaluator's postureCheckProblem, common/src/posture).
 */
import { Box, Button, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  POSTURE_CHECKS,
  POSTURE_CHECK_DEFS,
  POSTURE_COMPARATOR_LABELS,
  arityOf,
  comparatorsOf,
  type PostureCheckId,
  type PostureComparator,
} from '@workbench/common/posture/evaluate';
import {
  newPostureCheckDraft,
  type PostureCheckDraft,
} from '@workbench/common/features/settings-lists/settingsForm';
import { settingsListIds } from '@workbench/common/test-ids/index';

export interface PostureChecksFieldProps {
  list: string;
  label: string;
  value: PostureCheckDraft[];
  onChange: (value: PostureCheckDraft[]) => void;
  disabled: boolean;
  /** The refused part (`<i>.values.1`, `<i>.comparator`, or `<i>`) and why. */
  error?: { at: string; message: string };
}

const placeholder = (check: PostureCheckId): string => {
  const def = POSTURE_CHECK_DEFS[check];
  return def.kind === 'version' ? 'e.g. 14.5' : 'min' in def ? `${def.min}–${def.max}` : '';
};

export function PostureChecksField({
  list,
  label,
  value,
  onChange,
  disabled,
  error,
}: PostureChecksFieldProps) {
  const ids = settingsListIds(list);
  const change = (i: number, next: PostureCheckDraft) => onChange(value.map((d, j) => (j === i ? next : d)));
  const pickCheck = (i: number, check: PostureCheckId) => {
    const d = value[i];
    const kept =
      comparatorsOf(check).includes(d.comparator) &&
      POSTURE_CHECK_DEFS[check].kind === POSTURE_CHECK_DEFS[d.check].kind;
    change(i, kept ? { ...d, check } : newPostureCheckDraft(check));
  };
  const pickComparator = (i: number, comparator: PostureComparator) => {
    const d = value[i];
    const values = Array.from({ length: arityOf(comparator) }, (_, k) => d.values[k] ?? '');
    change(i, { ...d, comparator, values });
  };
  const setValue = (i: number, k: number, v: string) => {
    const d = value[i];
    change(i, { ...d, values: d.values.map((old, j) => (j === k ? v : old)) });
  };
  const errorOf = (i: number, part: string): string | undefined => {
    if (!error) return undefined;
    const at = error.at;
    return at === `${i}.${part}` || (part === 'values' && at.startsWith(`${i}.values`))
      ? error.message
      : undefined;
  };

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }} data-testid={ids.postureChecks}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        {label}
      </Typography>
      <Stack spacing={1.5}>
        {value.length === 0 && (
          <Typography color="text.secondary" variant="body2">
            No checks: every device passes. Add a check.
          </Typography>
        )}
        {value.map((d, i) => {
          const kind = POSTURE_CHECK_DEFS[d.check].kind;
          const rowId = `${ids.postureCheck}-${i}`;
          const valueError = errorOf(i, 'values');
          return (
            <Box key={i} data-testid={rowId}>
              <Stack
                direction="row"
                spacing={1}
                useFlexGap
                sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}
              >
                <TextField
                  select
                  size="small"
                  label={`Check ${i + 1}`}
                  value={d.check}
                  disabled={disabled}
                  onChange={(e) => pickCheck(i, e.target.value as PostureCheckId)}
                  sx={{ minWidth: 210 }}
                  slotProps={{ htmlInput: { 'data-testid': `${rowId}-check` } }}
                >
                  {POSTURE_CHECKS.map((c) => (
                    <MenuItem key={c} value={c}>
                      {POSTURE_CHECK_DEFS[c].label}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  select
                  size="small"
                  label="Comparator"
                  value={d.comparator}
                  disabled={disabled}
                  error={errorOf(i, 'comparator') !== undefined}
                  onChange={(e) => pickComparator(i, e.target.value as PostureComparator)}
                  sx={{ minWidth: 170 }}
                  slotProps={{ htmlInput: { 'data-testid': `${rowId}-comparator` } }}
                >
                  {comparatorsOf(d.check).map((c) => (
                    <MenuItem key={c} value={c}>
                      {POSTURE_COMPARATOR_LABELS[c]}
                    </MenuItem>
                  ))}
                </TextField>
                {d.values.map((v, k) =>
                  kind === 'boolean' ? (
                    <TextField
                      key={k}
                      select
                      size="small"
                      label="Value"
                      value={v}
                      disabled={disabled}
                      error={valueError !== undefined}
                      onChange={(e) => setValue(i, k, e.target.value)}
                      sx={{ minWidth: 100 }}
                      slotProps={{ htmlInput: { 'data-testid': `${rowId}-value-${k}` } }}
                    >
                      <MenuItem value="true">Yes</MenuItem>
                      <MenuItem value="false">No</MenuItem>
                    </TextField>
                  ) : (
                    <TextField
                      key={k}
                      size="small"
                      label={d.values.length === 2 ? (k === 0 ? 'From' : 'To') : 'Value'}
                      value={v}
                      placeholder={placeholder(d.check)}
                      disabled={disabled}
                      error={valueError !== undefined}
                      onChange={(e) => setValue(i, k, e.target.value)}
                      sx={{ width: 120 }}
                      slotProps={{
                        htmlInput: {
                          'data-testid': `${rowId}-value-${k}`,
                          inputMode: kind === 'number' ? 'numeric' : 'decimal',
                          maxLength: 64,
                        },
                      }}
                    />
                  ),
                )}
                <IconButton
                  aria-label={`Remove check ${i + 1}`}
                  disabled={disabled}
                  onClick={() => onChange(value.filter((_, j) => j !== i))}
                  data-testid={`${rowId}-remove`}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Stack>
              {(valueError ?? errorOf(i, 'comparator') ?? errorOf(i, 'check')) && (
                <Typography color="error" variant="caption" role="alert" data-testid={`${rowId}-error`}>
                  {valueError ?? errorOf(i, 'comparator') ?? errorOf(i, 'check')}
                </Typography>
              )}
            </Box>
          );
        })}
      </Stack>
      <Button
        size="small"
        sx={{ mt: 1 }}
        disabled={disabled}
        onClick={() => onChange([...value, newPostureCheckDraft('antivirus')])}
        data-testid={ids.postureCheckAdd}
      >
        Add check
      </Button>
    </Box>
  );
}
