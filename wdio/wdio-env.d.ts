// Types of the WebdriverIO runner for the specs and page objects (the root tsconfig includes wdio/*.ts).
/// <reference types="@wdio/globals/types" />
