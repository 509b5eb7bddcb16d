import { useEffect, useRef } from 'react';
import { loginIds } from '@workbench/common/test-ids/index';
import type { RedirectFormField } from './loginRedirect';

export interface LoginRedirectFormProps {
  action: string;
  fields: readonly RedirectFormField[];
  /** Submits the form (default: the browser's form.submit(); tests pass their own). */
  submit?: (form: HTMLFormElement) => void;
}

const browserSubmit = (form: HTMLFormElement): void => form.submit();

/** The hidden POST form of the cloud login flow, submitted as soon as it is on the page. */
export function LoginRedirectForm({ action, fields, submit = browserSubmit }: LoginRedirectFormProps) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (ref.current) submit(ref.current);
  }, [submit]);
  return (
    <form
      ref={ref}
      method="POST"
      action={action}
      data-testid={loginIds.redirectForm}
      hidden
      aria-hidden="true"
    >
      {fields.map((f) => (
        <input key={f.name} type="hidden" name={f.name} value={f.value} />
      ))}
    </form>
  );
}
