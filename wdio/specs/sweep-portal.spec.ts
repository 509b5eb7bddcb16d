/** The sweep of the tenant portal: support/sweep.ts. */
import { sweepApp } from '../support/sweep';

sweepApp('portal');
