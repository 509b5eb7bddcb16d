/**
 * What pickers and filters suggest from the user database (docs/sessions.md §9): the usernames
 * containing the text typed (GET /api/udb-rest/v1/usernames?search=) and the user domains
 * (GET /api/udb-rest/v1/domains), read through the portal's requests. A role that may not read
 * the user database (settings:users:read) asks for nothing and gets no suggestions: the field
 * still takes what is typed.
 */
import { useState } from 'react';
import { selectCan, useAppSelector } from '@workbench/common';
import { UDB_READ_PERMISSION } from '@workbench/common/api/contract/udb';
import { useEntityRead } from './udbRequests';

/** How many usernames a picker shows for the text typed. */
export const USERNAME_SUGGESTIONS = 20;

const NONE: readonly string[] = [];

export interface UdbSuggestions {
  usernames: readonly string[];
  domains: readonly string[];
  /** The text typed so far: the usernames suggested contain it. */
  onSearch: (text: string) => void;
}

/** `domains`: also read the user domains (a picker of entities); else usernames only. */
export function useUdbSuggestions({ domains = false, enabled = true } = {}): UdbSuggestions {
  const canRead = useAppSelector(selectCan(UDB_READ_PERMISSION));
  const [search, setSearch] = useState('');
  const on = enabled && canRead;
  const names = useEntityRead('listUdbUsernames', [search.trim() || undefined, USERNAME_SUGGESTIONS], {
    enabled: on,
    keepPrevious: true,
  });
  const domainList = useEntityRead('listUdbDomains', [], { enabled: on && domains });
  return {
    usernames: (on && names.data) || NONE,
    domains: (on && domains && domainList.data) || NONE,
    onSearch: setSearch,
  };
}
