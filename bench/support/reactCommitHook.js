/**
 * A browser script for bench/trace.ts: installed before the app loads, it stands in for React
 * DevTools' global hook, which React's production build also calls after every commit. At each
 * commit it walks the fiber tree and counts the components that rendered in it (a component
 * rendered when its props or its hooks' state are objects not seen at an earlier commit), and the
 * roots among them (rendered while their parent component did not: where the update started). The
 * commits are kept in `window.__reactCommits`. Plain JavaScript, read as text: the page runs it as
 * written.
 */
(() => {
  const seenProps = new WeakSet();
  const seenState = new WeakSet();
  const nameOf = (type) =>
    !type
      ? '?'
      : typeof type === 'string'
        ? type
        : type.displayName ||
          type.name ||
          (type.render && (type.render.displayName || type.render.name)) ||
          (type.type && nameOf(type.type)) ||
          '?';
  const commits = [];
  window.__reactCommits = commits;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => {},
    onScheduleFiberRoot: () => {},
    onCommitFiberUnmount: () => {},
    onPostCommitFiberRoot: () => {},
    setStrictMode: () => {},
    onCommitFiberRoot: (_renderer, root) => {
      const at = performance.now();
      const rendered = {};
      const roots = {};
      let count = 0;
      const stack = [[root.current, false]];
      while (stack.length > 0) {
        const [fiber, parentRendered] = stack.pop();
        if (!fiber) continue;
        const props = fiber.memoizedProps;
        const state = fiber.memoizedState;
        const newProps = props !== null && typeof props === 'object' && !seenProps.has(props);
        let renderedNow = parentRendered;
        if (fiber.type && typeof fiber.type !== 'string') {
          const newState = state !== null && typeof state === 'object' && !seenState.has(state);
          renderedNow = newProps || newState;
          if (renderedNow) {
            const name = nameOf(fiber.type);
            rendered[name] = (rendered[name] || 0) + 1;
            count += 1;
            if (!parentRendered) roots[name] = (roots[name] || 0) + 1;
          }
          if (state !== null && typeof state === 'object') seenState.add(state);
        } else if (typeof fiber.type === 'string') renderedNow = newProps;
        if (props !== null && typeof props === 'object') seenProps.add(props);
        if (fiber.sibling) stack.push([fiber.sibling, parentRendered]);
        if (fiber.child) stack.push([fiber.child, renderedNow]);
      }
      commits.push({ at: Math.round(at), count, rendered, roots });
    },
  };
})();
