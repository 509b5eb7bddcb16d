import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SearchField } from './SearchField';

function Harness({ onSubmit }: { onSubmit: (text: string) => void }) {
  const [text, setText] = useState('');
  return (
    <SearchField
      label="Search users"
      value={text}
      onChange={setText}
      onSubmit={onSubmit}
      testId="q"
      maxLength={5}
      placeholder="ada@example.com"
    />
  );
}

describe('SearchField', () => {
  it('is a labelled text field with its test id that searches on Enter, not on every key', async () => {
    const onSubmit = jest.fn();
    render(<Harness onSubmit={onSubmit} />);
    const input = screen.getByLabelText('Search users');
    expect(input).toBe(screen.getByTestId('q'));
    expect(input).toHaveAttribute('placeholder', 'ada@example.com');
    await userEvent.type(input, 'ada');
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.type(input, '{Enter}');
    expect(onSubmit).toHaveBeenCalledWith('ada');
  });

  it('keeps to its maximum length', async () => {
    render(<Harness onSubmit={jest.fn()} />);
    await userEvent.type(screen.getByTestId('q'), 'abcdefgh');
    expect(screen.getByTestId('q')).toHaveValue('abcde');
  });
});
