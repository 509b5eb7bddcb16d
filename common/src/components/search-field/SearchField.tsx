import type { KeyboardEvent } from 'react';
import { InputAdornment, TextField, type TextFieldProps } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';

export interface SearchFieldProps {
  label: string;
  /** An example of what to type, shown while the field is empty. */
  placeholder?: string;
  value: string;
  onChange: (text: string) => void;
  /** Enter in the field (the search runs then, not on every key, where the server searches). */
  onSubmit?: (text: string) => void;
  onBlur?: () => void;
  /** The input's test id (shared with the browser tests). */
  testId: string;
  maxLength?: number;
  size?: TextFieldProps['size'];
  sx?: TextFieldProps['sx'];
}

/** The search box of a list or explorer page: a text field with the search icon in front. */
export function SearchField({
  label,
  placeholder,
  value,
  onChange,
  onSubmit,
  onBlur,
  testId,
  maxLength,
  size,
  sx,
}: SearchFieldProps) {
  return (
    <TextField
      size={size}
      label={label}
      placeholder={placeholder}
      value={value}
      sx={sx}
      onChange={(e) => onChange(e.target.value)}
      onKeyDown={(e: KeyboardEvent) => {
        if (e.key === 'Enter') onSubmit?.(value);
      }}
      onBlur={onBlur}
      slotProps={{
        htmlInput: { 'data-testid': testId, ...(maxLength === undefined ? {} : { maxLength }) },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
