/**
 * A single test that holds on the embedded stores only, with the reason (WORKBENCH_TEST_TOPOLOGY=
 * scaled skips it and says why in its name). Whole suites are declared embedded-only in
 * jest.scaled.config.js instead; this is for one case of a suite that otherwise runs scaled.
 */
import { SCALED_TOPOLOGY } from './scaledTestStores';

export function testEmbeddedOnly(
  name: string,
  reason: string,
  fn: jest.ProvidesCallback,
  timeout?: number,
): void {
  if (SCALED_TOPOLOGY) test.skip(`${name} [embedded only: ${reason}]`, fn, timeout);
  else test(name, fn, timeout);
}
