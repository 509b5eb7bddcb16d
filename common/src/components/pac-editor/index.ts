/**
 * The PAC file's code editor, shared by the portal's PAC Files page and the console's provider PAC
 * page. Import it lazily (`lazy(() => import('@workbench/common/components/pac-editor/index'))`):
 * CodeMirror then stays in the chunk of the page that opens it, out of either app's first load.
 */
export { default } from './PacCodeEditor';
export type { PacCodeEditorProps } from './PacCodeEditor';
