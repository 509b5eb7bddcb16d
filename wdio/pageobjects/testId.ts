import { $, $$ } from '@wdio/globals';

/** CSS selector of an element by its shared data-testid (common/src/test-ids). */
export const testIdSelector = (id: string): string => `[data-testid="${id}"]`;

export const byTestId = (id: string) => $(testIdSelector(id));
export const allByTestId = (id: string) => $$(testIdSelector(id));
