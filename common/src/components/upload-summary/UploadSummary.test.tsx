import { render, screen } from '@testing-library/react';
import { componentIds } from '../../test-ids';
import { UploadSummary } from './UploadSummary';

describe('UploadSummary', () => {
  it('Shows a created count and an errors count with success and error titles', () => {
    render(<UploadSummary created={998} errors={2} />);
    expect(screen.getByTestId(componentIds.summaryCreated)).toHaveTextContent('998');
    expect(screen.getByTestId(componentIds.summaryErrors)).toHaveTextContent('2');
    expect(screen.getByText('Created')).toBeInTheDocument();
    expect(screen.getByText('Errors')).toBeInTheDocument();
  });

  it('takes the caller’s titles', () => {
    render(<UploadSummary created={1} errors={0} successTitle="Users created" errorTitle="Rows refused" />);
    expect(screen.getByLabelText('Users created: 1')).toBeInTheDocument();
    expect(screen.getByLabelText('Rows refused: 0')).toBeInTheDocument();
  });
});
