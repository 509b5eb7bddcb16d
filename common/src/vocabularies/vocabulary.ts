/** A code→label list of the log filters (docs/glossary.md §2). Order is the order a picker shows. */
export interface VocabularyEntry {
  readonly code: string;
  readonly label: string;
}
export type Vocabulary = readonly VocabularyEntry[];

/** The codes of a vocabulary, in its order. */
export function vocabularyCodes(vocabulary: Vocabulary): string[] {
  return vocabulary.map((entry) => entry.code);
}

/** True when `code` is one of the vocabulary's codes (exact, case-sensitive). */
export function isVocabularyCode(vocabulary: Vocabulary, code: string): boolean {
  return vocabulary.some((entry) => entry.code === code);
}

/** The label of a code; an unknown code is shown as itself (a newer backend may send codes we do not know). */
export function vocabularyLabel(vocabulary: Vocabulary, code: string): string {
  return vocabulary.find((entry) => entry.code === code)?.label ?? code;
}
