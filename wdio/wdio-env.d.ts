// Types of the WebdriverIO commands (the WebdriverIO.Browser namespace) for the specs and page
// objects, which import browser/$/expect from '@wdio/globals'. Deliberately NOT
// '@wdio/globals/types': that declares a global `expect` which would replace jest's in the
// root typecheck of every workspace.
/// <reference types="webdriverio" />

// Mocha's suite hooks: the root typecheck knows jest's globals, which name them otherwise.
declare function before(fn: () => Promise<void>): void;
declare function after(fn: () => void | Promise<void>): void;
