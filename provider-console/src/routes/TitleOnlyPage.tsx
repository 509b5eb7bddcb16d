import { Typography } from '@mui/material';
import { providerIds } from '@workbench/common';
import type { ProviderPageProps } from '../app/providerAreas';

/** A page whose issue has not landed yet: its title only. */
export function TitleOnlyPage({ area }: ProviderPageProps) {
  return (
    <Typography variant="h1" data-testid={providerIds.pageTitle}>
      {area.title}
    </Typography>
  );
}
