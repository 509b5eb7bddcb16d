import { getRuntimeEnv } from '@workbench/common';
import { filterMenuLabel } from '@workbench/common/vocabularies/sharedUiMaps';

/** The appliance's mode as the filter menu names it (safeview: Isolation Standalone; …). */
export const applianceModeLabel = (): string => filterMenuLabel(getRuntimeEnv().mode ?? '');
