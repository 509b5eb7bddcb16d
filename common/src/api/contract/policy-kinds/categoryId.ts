import { Type } from 'typebox';

/**
 * A web category's id of the category tree (reference data /cats; extension categories 85–88
 * included): the policy reference's categories, the web and e-mail kinds' rules. Apart
 * from webKinds.ts so that the policy reference's contract, which the store's page features load,
 * takes it without the policy kinds (bench/README.md "First load").
 */
export const CategoryId = Type.Integer({ minimum: 1, maximum: 9999 });
