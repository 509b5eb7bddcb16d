/**
 * A data page's whole behaviour around one entity (both apps' list pages): the list of
 * useEntityList, the search box (applied shortly after typing stops, at once on Enter), the form
 * and delete dialogs (closed when their write is done; a command keeps the form open to show
 * its answer), and the props of the shared data table (server sort and paging, selection).
 */
import { useCallback, useEffect, useState } from 'react';
import { sortOfHeader, type EntitySource, type SortOrder } from './entitySource';
import { useEntityList } from './useEntityList';

/** How long the search waits after the last key before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;

export function useEntityPage<Row>(
  source: EntitySource<Row, never, never>,
  options: { enabled?: boolean } = {},
) {
  const list = useEntityList<Row>(source, options);
  const { query, write, changeQuery, resetWrite, select } = list;
  const [searchText, setSearchText] = useState(query.search);
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const [deleting, setDeleting] = useState(false);

  useEffect(() => {
    if (searchText === query.search) return;
    const timer = setTimeout(() => changeQuery({ search: searchText }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, query.search, changeQuery]);

  useEffect(() => {
    if (write.status !== 'done') return;
    if (write.op === 'create' || write.op === 'update') setEditing(null);
    else if (write.op === 'remove') setDeleting(false);
    else return;
    resetWrite();
  }, [write.status, write.op, resetWrite]);

  const openForm = useCallback(
    (target: Row | 'new') => {
      resetWrite();
      setEditing(target);
    },
    [resetWrite],
  );
  const openDelete = useCallback(() => {
    resetWrite();
    setDeleting(true);
  }, [resetWrite]);

  const formWrite = write.op === 'create' || write.op === 'update' || write.op === 'command';
  return {
    ...list,
    search: {
      value: searchText,
      onChange: setSearchText,
      onSubmit: (text: string) => changeQuery({ search: text }),
    },
    editing,
    openForm,
    closeForm: () => setEditing(null),
    /** The server's refusal of the open form's last write. */
    formError: formWrite && write.status === 'failed' ? write.error : null,
    busy: write.status === 'saving',
    deleting,
    openDelete,
    /** Props of the delete confirmation (ConfirmDeleteDialog) for the selected rows. */
    confirmDelete: {
      count: list.selected.length,
      busy: write.status === 'saving',
      onCancel: () => setDeleting(false),
      onConfirm: () => list.requestWrite({ op: 'remove', ids: list.selected }),
    },
    /** Props of the shared data table: the page's rows, sorted and paged on the server. */
    tableProps: {
      rows: list.rows,
      rowKey: (row: Row) => source.idOf(row),
      onSelectionChange: (rows: Row[]) => select(rows.map((r) => source.idOf(r))),
      serverSort: {
        column: query.sort,
        direction: query.order,
        onChange: (column: string | null, direction: SortOrder) => {
          const sort = sortOfHeader(source, column, direction);
          if (sort) changeQuery(sort);
        },
      },
      serverPaging: {
        page: query.page,
        pageSize: query.pageSize,
        total: list.total,
        onChange: (page: number, pageSize: number) => changeQuery({ page, pageSize }),
      },
    },
  };
}

/** What useEntityPage answers for rows of type Row. */
export type EntityPageView<Row> = ReturnType<typeof useEntityPage<Row>>;
