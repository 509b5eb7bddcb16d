import { useEffect, useState } from 'react';
import { TextField, Typography } from '@mui/material';
import { domainOrWildcard } from '@workbench/common/api/contract/policy-kinds/kindDef';
import { lines } from '../web/listEdits';
import { ruleMessage } from '../web/ruleForm';

/** The first bypass line a domain check refuses, as "Line n: …". */
function bypassError(text: string): string | null {
  for (const [i, value] of lines(text).entries()) {
    const key = domainOrWildcard(value);
    if (key) return `Line ${i + 1}: ${ruleMessage(key)}`;
  }
  return null;
}

/**
 * "Bypass domains" under the exception rules of the web and inspection pages: one domain (or
 * *.domain) per line, checked as typed; the draft takes the list when the field is left, so
 * Ctrl+Z inside it stays the text's own, and a refused line keeps the draft as it was.
 */
export function BypassDomainsField({
  label,
  domains,
  onChange,
  readOnly,
  testId,
}: {
  label: string;
  domains: readonly string[];
  onChange: (domains: string[]) => void;
  readOnly: boolean;
  testId: string;
}) {
  const domainsText = domains.join('\n');
  const [text, setText] = useState(domainsText);
  // The draft changed under the field (undo, reload): show it.
  useEffect(() => setText(domainsText), [domainsText]);
  const problem = bypassError(text);
  return (
    <>
      <Typography variant="h3" sx={{ mt: 3, mb: 1 }}>
        Bypass domains
      </Typography>
      <TextField
        label={label}
        multiline
        minRows={3}
        fullWidth
        value={text}
        disabled={readOnly}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => {
          if (!problem) onChange(lines(text));
        }}
        error={Boolean(problem)}
        helperText={problem ?? 'Checked before the rules. *.example.com covers its subdomains.'}
        slotProps={{ htmlInput: { 'data-testid': testId } }}
      />
    </>
  );
}
