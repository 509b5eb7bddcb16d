/**
 * The PAC file's editor: CodeMirror 6 with JavaScript highlighting and line numbers (the server's
 * syntax errors name a line). Loaded on demand (the pages lazy-load pac-editor/index), so
 * CodeMirror stays out of every other page's bundle.
 */
import { useMemo } from 'react';
import CodeMirror, { EditorView } from '@uiw/react-codemirror';
import { javascript } from '@codemirror/lang-javascript';
import { pacSettingsIds as ids } from '../../test-ids/pacSettingsIds';

export interface PacCodeEditorProps {
  value: string;
  onChange(value: string): void;
  readOnly: boolean;
  label: string;
}

/**
 * The editor is a light sheet in both themes: its highlighting is drawn for a light background,
 * and plain text took the dark page's light colour (the sweep's axe found it unreadable in dark).
 * Its own colours here, rather than the page theme's, keep MUI's theme hooks out of this chunk
 * (importing them moved shared code into the first load).
 */
const PAPER = EditorView.theme({ '&': { backgroundColor: '#ffffff', color: '#1f2328' } });

export default function PacCodeEditor({ value, onChange, readOnly, label }: PacCodeEditorProps) {
  const extensions = useMemo(
    () => [
      javascript(),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({ 'aria-label': label }),
      PAPER,
    ],
    [label],
  );
  return (
    <div data-testid={ids.editor}>
      <CodeMirror
        value={value}
        onChange={onChange}
        readOnly={readOnly}
        editable={!readOnly}
        extensions={extensions}
        minHeight="240px"
        maxHeight="520px"
        // Brackets are not closed as one types, nor completions offered: a PAC file is short code
        // pasted or typed as is, and an inserted ")" would hide the very syntax error being fixed.
        basicSetup={{ closeBrackets: false, autocompletion: false, foldGutter: false }}
      />
    </div>
  );
}
