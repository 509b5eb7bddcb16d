/** The PAC tester (PacTester.tsx), imported apart from the lazily loaded editor (index.ts). */
export { PacTester, PAC_TESTER_TEXTS, hostsOf } from './PacTester';
