// Mutation testing runs one jest project at a time: StrykerJS's per-test coverage wraps the
// test environment of a single config, and jest's `projects` would hide the jsdom/node choice.
// scripts/mutation.mjs sets MUTATION_PROJECT (ui or server) and MUTATION_TESTS, the test files
// of the mutated modules (their own, name.test.ts): a module's score is what its own
// tests pin, and a mutant runs in seconds instead of through every suite that imports it.
const { projects, testTimeout } = require('./jest.config.js');

const name = process.env.MUTATION_PROJECT ?? 'ui';
const chosen = projects.find((p) => p.displayName === name);
if (!chosen)
  throw new Error(`MUTATION_PROJECT must be one of ${projects.map((p) => p.displayName).join(', ')}`);
const { displayName: _name, ...project } = chosen;
const tests = process.env.MUTATION_TESTS?.split(',').filter(Boolean);
module.exports = {
  ...project,
  ...(tests?.length ? { testMatch: tests.map((t) => `<rootDir>/${t}`) } : {}),
  testTimeout,
};
