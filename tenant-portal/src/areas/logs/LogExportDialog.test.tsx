/**
 * The export dialog (LogExportDialog.tsx): it offers the three questions with the default choice
 * checked (visible columns, labels, CSV), and Export hands over what was picked.
 */
import { expect, jest } from '@jest/globals';
import '@testing-library/jest-dom/jest-globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { logsExplorerIds } from '@workbench/common/test-ids/logsExplorerIds';
import { LogExportDialog } from './LogExportDialog';
import type { ExportChoice } from './logExport';

test('the default choice is checked, and Export hands over the picked columns, values and format', async () => {
  const user = userEvent.setup();
  const onExport = jest.fn<(choice: ExportChoice) => void>();
  render(<LogExportDialog open onClose={() => undefined} onExport={onExport} />);
  for (const [group, checked, other] of [
    ['Columns', 'Visible columns', 'All columns'],
    ['Values', 'Labels, as shown', 'Codes'],
    ['Format', 'CSV', 'NDJSON'],
  ]) {
    const radios = screen.getByRole('radiogroup', { name: group });
    expect(radios).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: checked })).toBeChecked();
    expect(screen.getByRole('radio', { name: other })).not.toBeChecked();
  }
  await user.click(screen.getByRole('radio', { name: 'All columns' }));
  await user.click(screen.getByRole('radio', { name: 'Codes' }));
  await user.click(screen.getByRole('radio', { name: 'NDJSON' }));
  await user.click(screen.getByTestId(logsExplorerIds.exportConfirm));
  expect(onExport).toHaveBeenCalledWith({ columns: 'all', values: 'codes', format: 'ndjson' });
});
