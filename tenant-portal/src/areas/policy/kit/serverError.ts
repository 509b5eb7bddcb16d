/**
 * The save's refusal as the editors show it at a field (issue 32 point 1: one mapping, not one per
 * section): the server's 400 names the field by its dotted path in the document
 * (`list.2.conditions.domain`), which the editor turns into a rule and a field of its dialog.
 */
import { pathInList } from '../web/listEdits';

export interface ServerError {
  path: string;
  message: string;
}

/** The refusal of an editor's last save, with the path it named, or null. */
export const editorServerError = (editor: {
  error: { message: string } | null | undefined;
  errorPath: string | null;
}): ServerError | null =>
  editor.error && editor.errorPath !== null
    ? { path: editor.errorPath, message: editor.error.message }
    : null;

/** A refusal inside one rule list: the rule's index, the rest of the path and the message. */
export interface ListServerError {
  index: number;
  rest: string;
  message: string;
}

/** The refusal when it points inside `list` (a dotted path in the document), or null. */
export function listServerError(serverError: ServerError | null, list: string): ListServerError | null {
  const at = pathInList(serverError?.path ?? null, list);
  return at && serverError ? { ...at, message: serverError.message } : null;
}

/**
 * The refusal at a field of the rule dialog that is open (the rule at `openIndex`), by the
 * dialog's own mapping of the rest of the path to its fields; null when it is another rule's or
 * no field of the dialog.
 */
export function dialogFieldError<F>(
  error: ListServerError | null,
  openIndex: number,
  fieldOf: (rest: string) => F | null,
): { field: F; message: string } | null {
  if (!error || error.index !== openIndex) return null;
  const field = fieldOf(error.rest);
  return field ? { field, message: error.message } : null;
}
