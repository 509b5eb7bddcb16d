/** Shows the store's bottom and top snackbars (docs/shared-ui.md §2 Snackbar) with a Close button. */
import { useDispatch, useSelector } from 'react-redux';
import { selectBottomSnackbar, selectTopSnackbar } from './snackbarSelectors';
import { snackbarClosed } from './snackbarSlice';
import { SnackbarView } from './SnackbarView';

export { SnackbarView, type SnackbarViewProps } from './SnackbarView';

interface WithSnackbarState {
  snackbar: Parameters<typeof selectBottomSnackbar>[0]['snackbar'];
}

export function SnackbarHost() {
  const dispatch = useDispatch();
  const bottom = useSelector((s: WithSnackbarState) => selectBottomSnackbar(s));
  const top = useSelector((s: WithSnackbarState) => selectTopSnackbar(s));
  return (
    <>
      {bottom && (
        <SnackbarView
          message={bottom}
          onClose={(id) => dispatch(snackbarClosed({ position: 'bottom', id }))}
        />
      )}
      {top && (
        <SnackbarView message={top} onClose={(id) => dispatch(snackbarClosed({ position: 'top', id }))} />
      )}
    </>
  );
}
