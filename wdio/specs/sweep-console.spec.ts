/** The sweep of the provider console: support/sweep.ts. */
import { sweepApp } from '../support/sweep';

sweepApp('console');
