/**
 * The PAC file's editor: CodeMirror 6 with JavaScript highlighting and line numbers (the server's
 * syntax errors name a line). Loaded on demand (PacFilesPage lazy-loads this module), so
 * CodeMirror stays out of every other page's bundle.
 */
import { useMemo } from 'react';
import { useTheme } from '@mui/material';
import CodeMirror, { EditorView } from '@uiw/react-codemirror';
import { javascript } from '@codemirror/lang-javascript';
import { pacSettingsIds as ids } from '@workbench/common/test-ids/pacSettingsIds';

export interface PacCodeEditorProps {
  value: string;
  onChange(value: string): void;
  readOnly: boolean;
  label: string;
}

export default function PacCodeEditor({ value, onChange, readOnly, label }: PacCodeEditorProps) {
  const extensions = useMemo(
    () => [javascript(), EditorView.lineWrapping, EditorView.contentAttributes.of({ 'aria-label': label })],
    [label],
  );
  // The editor's own colours follow the page's theme: its light highlighting on the dark page's
  // background failed contrast (the sweep's axe run, auditor in dark).
  const mode = useTheme().palette.mode;
  return (
    <div data-testid={ids.editor}>
      <CodeMirror
        theme={mode}
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
