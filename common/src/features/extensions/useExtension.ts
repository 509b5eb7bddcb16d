import type { ExtensionId } from '../../api/contract/extensions';
import { useAppSelector } from '../../store/storeHooks';
import { selectExtension, selectExtensionsKnown } from './extensionsSelectors';

/** Whether the server serves extension `id`: a control that needs it renders only when true. */
export function useExtension(id: ExtensionId): boolean {
  return useAppSelector(selectExtension(id));
}

/** Whether the session's detection has answered (a page of an extension waits for it). */
export function useExtensionsKnown(): boolean {
  return useAppSelector(selectExtensionsKnown);
}
