import { useEffect, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import { componentIds } from '../../test-ids';
import {
  INVALID_FILE_TYPE_MSG,
  UPLOAD_ERROR_DURATION_MS,
  UPLOAD_FILE_TYPES,
  uploadError,
} from '../../validators/files';

/** Upload box states (docs/shared-ui.md §4 Upload box). */
export type UploadBoxState = 'normal' | 'dragging' | 'disabled';

/**
 * Props of UploadBox.
 *
 * Usage: `<UploadBox accept={['csv', 'json']} onFiles={([file]) => load(file)} />`. The box takes a
 * dropped or chosen file (click, Enter or Space opens the picker); a file of another type shows
 * 'Invalid file type uploaded' for about 3 s, several files 'multiple file upload not supported'
 * unless `multi`. `onFiles` is called only with accepted files; `onRefused` with the reason of a
 * refusal (INVALID_FILE_TYPE_MSG or MULTIPLE_FILES_MSG), e.g. to also show a snackbar.
 */
export interface UploadBoxProps {
  onFiles: (files: File[]) => void;
  /** A refusal's reason: INVALID_FILE_TYPE_MSG or MULTIPLE_FILES_MSG (the inline error shows as well). */
  onRefused?: (reason: string) => void;
  /** Allowed types by extension (keys of UPLOAD_FILE_TYPES); default all of them. */
  accept?: readonly string[];
  multi?: boolean;
  disabled?: boolean;
  /** Text in the box. */
  label?: ReactNode;
  /** Accessible name of the box (default 'Upload a file'). */
  ariaLabel?: string;
  /** Message for a file of another type (default 'Invalid file type uploaded'; the import dialog says 'Invalid file uploaded'). */
  invalidTypeMessage?: string;
}

/** File type lists show items inline up to 5 entries, otherwise a count (docs/shared-ui.md §4). */
export const FILE_TYPES_INLINE_MAX = 5;

/** The allowed types as shown in the box: 'csv, json', or '11 file types' above FILE_TYPES_INLINE_MAX. */
export function fileTypesText(types: readonly string[]): string {
  return types.length <= FILE_TYPES_INLINE_MAX ? types.join(', ') : `${types.length} file types`;
}

/** The `accept` attribute of the file input: the extensions and their MIME types. */
export function acceptAttribute(types: readonly string[]): string {
  return types.flatMap((type) => [`.${type}`, ...(UPLOAD_FILE_TYPES[type] ?? [])]).join(',');
}

/** A box that accepts a dropped or chosen file; states normal, dragging, disabled (docs/shared-ui.md §4 Upload control). */
export function UploadBox({
  onFiles,
  onRefused,
  accept,
  multi,
  disabled,
  label,
  ariaLabel,
  invalidTypeMessage,
}: UploadBoxProps) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  // The message and a count of refusals: a repeated refusal shows the same text for another ~3 s.
  const [error, setError] = useState<{ text: string; id: number } | null>(null);
  const refusals = useRef(0);
  const types = accept ?? Object.keys(UPLOAD_FILE_TYPES);
  const state: UploadBoxState = disabled ? 'disabled' : dragging ? 'dragging' : 'normal';

  useEffect(() => {
    if (!error) return undefined;
    const timer = setTimeout(() => setError(null), UPLOAD_ERROR_DURATION_MS);
    return () => clearTimeout(timer);
  }, [error]);

  const take = (list: FileList | null) => {
    const files = list ? [...list] : [];
    if (disabled || files.length === 0) return;
    const message = uploadError(files, { multi, allowed: types });
    if (message) {
      setError({
        text: message === INVALID_FILE_TYPE_MSG && invalidTypeMessage ? invalidTypeMessage : message,
        id: (refusals.current += 1),
      });
      onRefused?.(message);
    } else {
      setError(null);
      onFiles(files);
    }
  };

  const onDrag = (event: DragEvent, over: boolean) => {
    event.preventDefault();
    if (!disabled) setDragging(over);
  };

  return (
    <Box>
      <Box
        role="button"
        tabIndex={disabled ? -1 : 0}
        aria-disabled={disabled || undefined}
        aria-label={ariaLabel ?? 'Upload a file'}
        data-testid={componentIds.uploadBox}
        data-state={state}
        onClick={() => !disabled && input.current?.click()}
        onKeyDown={(event) => {
          if (!disabled && (event.key === 'Enter' || event.key === ' ')) {
            event.preventDefault();
            input.current?.click();
          }
        }}
        onDragEnter={(event) => onDrag(event, true)}
        onDragOver={(event) => onDrag(event, true)}
        onDragLeave={(event) => onDrag(event, false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          take(event.dataTransfer.files);
        }}
        sx={{
          border: '2px dashed',
          borderColor: state === 'dragging' ? 'primary.main' : error ? 'error.main' : 'divider',
          bgcolor:
            state === 'dragging'
              ? 'action.hover'
              : state === 'disabled'
                ? 'action.disabledBackground'
                : 'background.paper',
          color: state === 'disabled' ? 'text.disabled' : 'text.primary',
          cursor: state === 'disabled' ? 'not-allowed' : 'pointer',
          borderRadius: 1,
          p: 3,
          textAlign: 'center',
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
        }}
      >
        <CloudUploadIcon color={state === 'disabled' ? 'disabled' : 'primary'} />
        <Typography>{label ?? 'Drop a file here or click to choose one'}</Typography>
        <Typography
          variant="body2"
          color="text.secondary"
          data-testid={componentIds.uploadTypes}
          title={types.length > FILE_TYPES_INLINE_MAX ? types.join(', ') : undefined}
        >
          {fileTypesText(types)}
        </Typography>
        <input
          ref={input}
          type="file"
          hidden
          multiple={multi}
          disabled={disabled}
          accept={acceptAttribute(types)}
          data-testid={componentIds.uploadInput}
          onChange={(event) => {
            take(event.target.files);
            event.target.value = '';
          }}
        />
      </Box>
      {error && (
        <Typography
          role="alert"
          color="error"
          variant="body2"
          data-testid={componentIds.uploadError}
          sx={{ mt: 1 }}
        >
          {error.text}
        </Typography>
      )}
    </Box>
  );
}
