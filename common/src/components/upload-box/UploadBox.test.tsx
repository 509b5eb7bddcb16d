import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { componentIds } from '../../test-ids';
import { UploadBox } from './UploadBox';

const file = (name: string, type = '') => new File(['x'], name, { type });
const box = () => screen.getByTestId(componentIds.uploadBox);
const input = () => screen.getByTestId(componentIds.uploadInput) as HTMLInputElement;

describe('UploadBox', () => {
  afterEach(() => jest.useRealTimers());

  it('accepts a chosen file of an allowed type, matched by extension or by MIME type', async () => {
    const onFiles = jest.fn();
    const user = userEvent.setup({ applyAccept: false });
    render(<UploadBox onFiles={onFiles} />);
    await user.upload(input(), file('users.CSV'));
    await user.upload(input(), file('photo', 'image/png'));
    expect(onFiles.mock.calls.map(([files]) => files[0].name)).toEqual(['users.CSV', 'photo']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("otherwise 'Invalid file type uploaded' shows for about 3 seconds", () => {
    jest.useFakeTimers();
    const onFiles = jest.fn();
    render(<UploadBox onFiles={onFiles} />);
    fireEvent.drop(box(), { dataTransfer: { files: [file('tool.exe', 'application/x-msdownload')] } });
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid file type uploaded');
    expect(onFiles).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(2999));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('tells the caller why a file was refused (onRefused), and not when one is accepted', () => {
    const onRefused = jest.fn();
    render(<UploadBox onFiles={jest.fn()} onRefused={onRefused} accept={['csv']} />);
    fireEvent.drop(box(), { dataTransfer: { files: [file('logo.png', 'image/png')] } });
    fireEvent.drop(box(), { dataTransfer: { files: [file('a.csv'), file('b.csv')] } });
    fireEvent.drop(box(), { dataTransfer: { files: [file('a.csv')] } });
    expect(onRefused.mock.calls).toEqual([
      ['Invalid file type uploaded'],
      ['multiple file upload not supported'],
    ]);
  });

  it("More than one file at once is refused with 'multiple file upload not supported' unless multi is allowed", () => {
    const onFiles = jest.fn();
    const { rerender } = render(<UploadBox onFiles={onFiles} />);
    fireEvent.drop(box(), { dataTransfer: { files: [file('a.csv'), file('b.csv')] } });
    expect(screen.getByRole('alert')).toHaveTextContent('multiple file upload not supported');
    expect(onFiles).not.toHaveBeenCalled();
    rerender(<UploadBox onFiles={onFiles} multi />);
    fireEvent.drop(box(), { dataTransfer: { files: [file('a.csv'), file('b.csv')] } });
    expect(onFiles).toHaveBeenCalledTimes(1);
    expect(onFiles.mock.calls[0][0]).toHaveLength(2);
  });

  it('only the caller’s types are allowed when accept is given', () => {
    const onFiles = jest.fn();
    render(<UploadBox onFiles={onFiles} accept={['csv', 'json']} />);
    expect(input()).toHaveAttribute('accept', expect.stringContaining('.csv'));
    fireEvent.drop(box(), { dataTransfer: { files: [file('logo.png', 'image/png')] } });
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid file type uploaded');
  });

  it('States: normal, dragging, disabled', () => {
    const onFiles = jest.fn();
    const { rerender } = render(<UploadBox onFiles={onFiles} />);
    expect(box()).toHaveAttribute('data-state', 'normal');
    fireEvent.dragEnter(box());
    expect(box()).toHaveAttribute('data-state', 'dragging');
    fireEvent.dragLeave(box());
    expect(box()).toHaveAttribute('data-state', 'normal');
    rerender(<UploadBox onFiles={onFiles} disabled />);
    expect(box()).toHaveAttribute('data-state', 'disabled');
    fireEvent.dragEnter(box());
    fireEvent.drop(box(), { dataTransfer: { files: [file('a.csv')] } });
    expect(box()).toHaveAttribute('data-state', 'disabled');
    expect(onFiles).not.toHaveBeenCalled();
  });

  it('opens the file picker from the keyboard', async () => {
    const user = userEvent.setup();
    render(<UploadBox onFiles={jest.fn()} />);
    const click = jest.spyOn(input(), 'click');
    box().focus();
    await user.keyboard('{Enter}');
    expect(click).toHaveBeenCalled();
  });

  it('lists the allowed types inline up to 5 entries, otherwise shows their count', () => {
    const { rerender } = render(<UploadBox onFiles={jest.fn()} accept={['csv', 'json']} />);
    expect(screen.getByTestId(componentIds.uploadTypes)).toHaveTextContent(/^csv, json$/);
    rerender(<UploadBox onFiles={jest.fn()} accept={['txt', 'csv', 'crt', 'pem', 'json']} />);
    expect(screen.getByTestId(componentIds.uploadTypes)).toHaveTextContent(/^txt, csv, crt, pem, json$/);
    rerender(<UploadBox onFiles={jest.fn()} />);
    expect(screen.getByTestId(componentIds.uploadTypes)).toHaveTextContent(/^13 file types$/);
    expect(screen.getByTestId(componentIds.uploadTypes)).toHaveAttribute(
      'title',
      'txt, csv, crt, pem, json, png, jpg, gif, svg, updatepackage, menlo-settings, reg, xml',
    );
  });

  it('a second refused file shows the message for about 3 seconds from that drop', () => {
    jest.useFakeTimers();
    render(<UploadBox onFiles={jest.fn()} />);
    const bad = () => fireEvent.drop(box(), { dataTransfer: { files: [file('tool.exe')] } });
    bad();
    act(() => jest.advanceTimersByTime(2000));
    bad();
    act(() => jest.advanceTimersByTime(2000));
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid file type uploaded');
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('an accepted file clears the message at once', () => {
    const onFiles = jest.fn();
    render(<UploadBox onFiles={onFiles} />);
    fireEvent.drop(box(), { dataTransfer: { files: [file('tool.exe')] } });
    expect(screen.getByRole('alert')).toBeInTheDocument();
    fireEvent.drop(box(), { dataTransfer: { files: [file('users.csv')] } });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(onFiles).toHaveBeenCalledTimes(1);
  });
});
