/**
 * Contact Us (issue 34 points 7 and 8; docs/contact.md): the message to the
 * provider's support and, below it, the connectivity test, open to every signed-in administrator.
 * Decision: the connectivity test sits here rather than under Settings (whose pages need a
 * settings permission): it is what an administrator runs before or while asking support for help,
 * and its results are kept for support to read.
 */
import { Box } from '@mui/material';
import { contactIds as ids } from '@workbench/common/test-ids/contactIds';
import type { PageProps } from '../../routes/routeModel';
import { AreaPage } from '../AreaPage';
import { ConnectivitySection } from './ConnectivitySection';
import { ContactMessageSection } from './ContactMessageSection';

export function ContactUsPage({ title }: PageProps) {
  return (
    <AreaPage title={title}>
      <Box data-testid={ids.page}>
        <ContactMessageSection />
        <ConnectivitySection />
      </Box>
    </AreaPage>
  );
}
