import { Box, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import { componentIds } from '../../test-ids';

/**
 * Props of UploadSummary.
 *
 * Usage: `<UploadSummary created={998} errors={2} />` shows the created count under a success
 * title and the errors count under an error title (docs/shared-ui.md §3 Upload summary).
 */
export interface UploadSummaryProps {
  created: number;
  errors: number;
  successTitle?: string;
  errorTitle?: string;
}

export function UploadSummary({
  created,
  errors,
  successTitle = 'Created',
  errorTitle = 'Errors',
}: UploadSummaryProps) {
  return (
    <Box sx={{ display: 'flex', gap: 4, my: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <CheckCircleIcon color="success" aria-hidden />
        <Box>
          <Typography variant="body2" color="text.secondary">
            {successTitle}
          </Typography>
          <Typography
            variant="h5"
            component="p"
            data-testid={componentIds.summaryCreated}
            aria-label={`${successTitle}: ${created}`}
          >
            {created}
          </Typography>
        </Box>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <ErrorIcon color={errors > 0 ? 'error' : 'disabled'} aria-hidden />
        <Box>
          <Typography variant="body2" color="text.secondary">
            {errorTitle}
          </Typography>
          <Typography
            variant="h5"
            component="p"
            data-testid={componentIds.summaryErrors}
            aria-label={`${errorTitle}: ${errors}`}
          >
            {errors}
          </Typography>
        </Box>
      </Box>
    </Box>
  );
}
