/**
 * The kit's editor of a kind by its view row's shape (issue 32 point 1): a form from its schema
 * (`kindForm.tsx`), a named list, ordered rules or scoped rules from its keyed lists and their
 * entries' schemas (`kindList.tsx`). Throws at load, naming the kind and the field, when the kind
 * holds a value the kit draws no field for: such a kind needs a section of its own on its family
 * page (`../PolicyFamilyPage.tsx` `familySections`).
 */
import type { ComponentType } from 'react';
import type { PolicyData, PolicyKind } from '@workbench/common/api/contract/policyKinds';
import { policyKindView } from '@workbench/common/features/policy-view/policyKindViews';
import type { SectionEditorProps } from '../PolicyFamilyPage';
import { kindForm } from './kindForm';
import { kindList, kindListDescribeError } from './kindList';

export interface KitEditor<K extends PolicyKind> {
  Editor: ComponentType<SectionEditorProps<K>>;
  /** Where a 400 inside one of its lists points ("Rule 3"), for the section's error. */
  describeError?: (path: string, draft: PolicyData<K>) => string | null;
}

export function kitEditor<K extends PolicyKind>(kind: K): KitEditor<K> {
  if (policyKindView(kind).shape === 'form') return { Editor: kindForm(kind) };
  return { Editor: kindList(kind), describeError: kindListDescribeError(kind) };
}
