/**
 * The logs explorer's search box in the query language (common's logQueryLanguage.ts): it shows
 * the chips, the search and the rest of the view as one query, suggests field names, coded
 * values and, for the user field, the user database's usernames at the caret, and on Enter (or leaving the box) parses the text and hands its parts
 * back. A syntax error is shown under the box with its position, and changes nothing.
 */
import { memo, useEffect, useMemo, useRef, useState, type Ref } from 'react';
import { Autocomplete, Box, InputAdornment, TextField, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import {
  LogQuerySyntaxError,
  MAX_QUERY_LENGTH,
  applySuggestion,
  completionContext,
  parseLogQueryText,
  querySuggestions,
  splitLogQuery,
  type LogQueryParts,
  type QuerySuggestion,
} from '@workbench/common/api/contract/logQueryLanguage';
import type { LogType } from '@workbench/common/vocabularies/index';
import { logsIds } from '@workbench/common';
import { afterNextPaint } from '@workbench/charts/afterNextPaint';
import { useUdbSuggestions } from '../../app/useUdbSuggestions';

export interface QueryBoxProps {
  logType: LogType;
  /** The fields the filter bar holds (chips), in bar order. */
  chipFields: readonly string[];
  /** The view's query text (chips, search and q printed). */
  value: string;
  onApply: (parts: LogQueryParts) => void;
}

/** The field whose values are the user database's usernames. */
const USER_FIELD = 'userid';

/** The error text under the box: the message and the 1-based character it is at. */
export const queryErrorText = (error: LogQuerySyntaxError): string =>
  `${error.message} (at character ${error.position + 1})`;

/**
 * A ref callback handed its element once the page has drawn a frame (the cleanup at once). The
 * Autocomplete reads its anchor's clientWidth on every render once it has one, and the render its
 * anchor's ref causes inside the commit that mounts the logs page forced the style and layout of
 * every element just mounted: 697 of the page's 702 invalidations with a script's stack in
 * Lighthouse's trace (issue 42, bench/README.md). Its popup opens only once something is typed.
 */
function useRefAfterPaint<T>(): (ref: Ref<T> | undefined) => Ref<T> | undefined {
  const handed = useRef<{ ref: (node: T | null) => void; later: (node: T | null) => void } | null>(null);
  return (ref) => {
    if (typeof ref !== 'function') return ref;
    if (handed.current?.ref !== ref) handed.current = { ref, later: refAfterPaint(ref) };
    return handed.current.later;
  };
}

function refAfterPaint<T>(set: (node: T | null) => void): (node: T | null) => void {
  let cancel = () => {};
  return (node) => {
    cancel();
    if (node === null) set(null);
    else cancel = afterNextPaint(() => set(node));
  };
}

/** Memoised: it renders again when its props change, not with each render of the logs page. */
export const QueryBox = memo(function QueryBox({ logType, chipFields, value, onApply }: QueryBoxProps) {
  const [text, setText] = useState(value);
  const [caret, setCaret] = useState(value.length);
  const [error, setError] = useState<LogQuerySyntaxError | null>(null);
  const box = useRef<HTMLDivElement | null>(null);
  const anchorAfterPaint = useRefAfterPaint<HTMLElement>();
  const moveCaret = (at: number) =>
    requestAnimationFrame(() => box.current?.querySelector('input')?.setSelectionRange(at, at));
  useEffect(() => {
    setText(value);
    setError(null);
  }, [value]);

  const context = useMemo(() => completionContext(logType, text, caret), [logType, text, caret]);
  // A user's value suggests the user database's usernames containing what is typed.
  const userWord = context?.kind === 'value' && context.field === USER_FIELD ? context.prefix : null;
  const users = useUdbSuggestions({ enabled: userWord !== null && userWord !== '' });
  const { onSearch } = users;
  useEffect(() => {
    if (userWord) onSearch(userWord);
  }, [userWord, onSearch]);
  const options = useMemo(
    () =>
      context && context.prefix !== ''
        ? querySuggestions(logType, context, undefined, { [USER_FIELD]: users.usernames })
        : [],
    [logType, context, users.usernames],
  );

  const apply = (query: string) => {
    try {
      const parts = splitLogQuery(parseLogQueryText(logType, query), chipFields);
      setError(null);
      onApply(parts);
    } catch (e) {
      if (!(e instanceof LogQuerySyntaxError)) throw e;
      setError(e);
      // The caret goes where the problem is.
      moveCaret(Math.min(e.position, query.length));
    }
  };

  const choose = (suggestion: QuerySuggestion) => {
    if (!context) return;
    const next = applySuggestion(text, context, suggestion);
    setText(next.text);
    setCaret(next.caret);
    moveCaret(next.caret);
  };

  return (
    <Box ref={box} sx={{ flex: '1 1 360px', minWidth: 280 }}>
      <Autocomplete<QuerySuggestion, false, false, true>
        freeSolo
        size="small"
        options={options}
        filterOptions={(o) => o}
        inputValue={text}
        value={null}
        getOptionLabel={(o) => (typeof o === 'string' ? o : o.insert)}
        renderOption={({ key, ...props }, o) => (
          <li key={key} {...props}>
            <Typography variant="body2" component="span" sx={{ fontFamily: 'monospace', mr: 1 }}>
              {o.label}
            </Typography>
            <Typography variant="body2" component="span" color="text.secondary">
              {o.detail}
            </Typography>
          </li>
        )}
        onInputChange={(event, next, reason) => {
          // 'reset' is the Autocomplete putting an option's label in: choose() does that itself.
          if (reason !== 'input') return;
          setText(next);
          setCaret((event?.target as HTMLInputElement | undefined)?.selectionStart ?? next.length);
          setError(null);
        }}
        onChange={(_event, option, reason) => {
          if (reason === 'selectOption' && option && typeof option !== 'string') choose(option);
          else if (reason === 'createOption') apply(text);
        }}
        onKeyDown={(e) => {
          // The Autocomplete makes no option of an empty text: Enter in an emptied box clears.
          if (e.key === 'Enter' && text.trim() === '') apply('');
        }}
        onBlur={() => {
          if (text.trim() !== value.trim()) apply(text);
        }}
        renderInput={(params) => (
          <TextField
            {...params}
            label="Search or query"
            placeholder="e.g. user:ella* AND action:block AND NOT country:FR"
            error={error !== null}
            helperText={
              error ? (
                <span data-testid={logsIds.queryError} role="alert">
                  {queryErrorText(error)}
                </span>
              ) : undefined
            }
            slotProps={{
              ...params.slotProps,
              htmlInput: {
                ...params.slotProps.htmlInput,
                'data-testid': logsIds.search,
                maxLength: MAX_QUERY_LENGTH,
                spellCheck: false,
                onKeyUp: (e: React.KeyboardEvent<HTMLInputElement>) =>
                  setCaret(e.currentTarget.selectionStart ?? text.length),
                onClick: (e: React.MouseEvent<HTMLInputElement>) =>
                  setCaret(e.currentTarget.selectionStart ?? text.length),
              },
              input: {
                ...params.slotProps.input,
                ref: anchorAfterPaint(params.slotProps.input.ref),
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
        )}
      />
    </Box>
  );
});
