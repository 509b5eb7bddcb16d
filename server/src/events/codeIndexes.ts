/** The vocabulary of each code field as a store keeps it: a code is its position in the list. */
import { FIELD_SPECS } from '@workbench/common/api/contract/logSchema';

/** Each code field's codes, in vocabulary order. */
export const CODE_LISTS: ReadonlyMap<string, readonly string[]> = new Map(
  Object.values(FIELD_SPECS)
    .filter((f) => f.kind === 'code')
    .map((f) => [f.name, (f.vocabulary ?? []).map((e) => e.code)]),
);
/** Each code field's code → its index (the position in the vocabulary; a store's ENUM index). */
export const CODE_INDEXES: ReadonlyMap<string, ReadonlyMap<string, number>> = new Map(
  [...CODE_LISTS].map(([field, codes]) => [field, new Map(codes.map((c, i) => [c, i]))]),
);
