import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * The `?rule=<key>` of a policy page (the links of policyRuleLinks.ts): the rule it names, and a
 * setter that opens a rule (a new history entry, so Back closes it) or, given null, drops the
 * parameter in place.
 */
export function useRuleParam(): [ruleId: string | null, openRule: (id: string | null) => void] {
  const [search, setSearch] = useSearchParams();
  const openRule = useCallback(
    (id: string | null) =>
      setSearch(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (id === null) next.delete('rule');
          else next.set('rule', id);
          return next;
        },
        { replace: id === null },
      ),
    [setSearch],
  );
  return [search.get('rule'), openRule];
}
