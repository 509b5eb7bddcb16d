import { useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Tooltip } from '@mui/material';
import { afterNextPaint } from '@workbench/charts/afterNextPaint';

/**
 * MUI's Tooltip around `children`, put there in a task of its own after the browser's next paint.
 * A Tooltip renders itself and its child a second time as it mounts (it keeps its child's node as
 * state, set from a ref while React commits), and React does that render in the same task: the
 * dashboard's twelve panel tooltips made 231 of the components rendered in its mount's long task
 * (issue 42, bench/README.md "Panels that ask without rendering again"). Until the paint the child
 * is drawn alone; it names itself (its aria-label), and nobody points at it before it is seen.
 */
export function TooltipAfterPaint({ title, children }: { title: ReactNode; children: ReactElement }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterNextPaint(() => flushSync(() => setPainted(true))), []);
  return painted ? <Tooltip title={title}>{children}</Tooltip> : children;
}
