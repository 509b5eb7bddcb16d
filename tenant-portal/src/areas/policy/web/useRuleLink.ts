import { useEffect } from 'react';

/**
 * Opens the entry a `?rule=<key>` link names (the logs explorer and the policy tester link a web
 * log's deciding rule so, policyRuleLinks.ts) once, then drops the parameter: the entry's dialog is
 * the section's own state from then on.
 */
export function useRuleLink<E>(
  linkedKey: string | null | undefined,
  find: (key: string) => E | null,
  open: (entry: E) => void,
  done: (() => void) | undefined,
): void {
  useEffect(() => {
    if (!linkedKey) return;
    const entry = find(linkedKey);
    if (entry !== null) open(entry);
    done?.();
  }, [linkedKey, find, open, done]);
}
