import '@testing-library/jest-dom';
import React from 'react';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';
import { config as transitionConfig } from 'react-transition-group';
import { installFastStyleMatch } from './common/src/testing/fastStyleMatch';

// findBy*/waitFor wait on a condition; their time-out is only the last guard. 1 s (the default)
// fails a correct test on a machine whose cores are busy with something else (CI runs on the
// developer's machine), so the guard is 45 s: a passing test is not slower for it. (5 s was not
// enough for an AG Grid table's first rows while the browser suite ran beside the unit suites;
// 15 s not for a whole portal's first render at load 16.)
configure({ asyncUtilTimeout: 45_000 });

// jsdom lacks TextEncoder/TextDecoder; typebox (the API contract) needs them at import time.
if (typeof globalThis.TextEncoder === 'undefined') {
  Object.assign(globalThis, { TextEncoder, TextDecoder });
}

/**
 * jsdom has no Fetch API Request; react-router's data routers (createMemoryRouter in the apps'
 * test harnesses) build one per navigation and read its url, method and signal. A minimal
 * stand-in, for the tests only.
 */
if (typeof globalThis.Request === 'undefined') {
  class MinimalRequest {
    readonly url: string;
    readonly method: string;
    readonly signal: AbortSignal | null;
    constructor(input: string | URL, init: { method?: string; signal?: AbortSignal } = {}) {
      this.url = String(input);
      this.method = init.method ?? 'GET';
      this.signal = init.signal ?? null;
    }
  }
  Object.assign(globalThis, { Request: MinimalRequest });
}

// jsdom's computed styles were most of the UI suites' CPU time; see fastStyleMatch.ts.
installFastStyleMatch(document);

// MUI's transitions (Dialog, Menu, Collapse, Fade) end at once: a closed dialog leaves the DOM
// without its exit timers, so waitFor(...not.toBeInTheDocument()) stops polling sooner. What the
// transitions show is checked by the browser specs.
transitionConfig.disabled = true;

// The click ripple is decoration: mounting it and running its timers re-rendered every button
// clicked. A stand-in with the same handle (start, stop, pulsate) draws nothing.
jest.mock('@mui/material/ButtonBase/TouchRipple', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const React = require('react') as typeof import('react');
  const TouchRipple = React.forwardRef(function TouchRipple(_props: object, ref: React.Ref<unknown>) {
    React.useImperativeHandle(ref, () => ({ start: () => {}, stop: () => {}, pulsate: () => {} }), []);
    return null;
  });
  return { __esModule: true, default: TouchRipple };
});

// MUI's TextareaAutosize measures a hidden copy of every multiline field with getComputedStyle on
// each render and resize; jsdom has no layout, so the height it finds is always the same, and the
// measuring was 7% of a policy editor suite's CPU (EmailPolicyPage.test). The field itself, with
// its rows, stays; the autosizing is the browser specs'.
jest.mock('@mui/material/TextareaAutosize', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const React = require('react') as typeof import('react');
  const TextareaAutosize = React.forwardRef(function TextareaAutosize(
    { minRows = 1, maxRows: _maxRows, ...props }: { minRows?: number | string; maxRows?: number | string },
    ref: React.Ref<HTMLTextAreaElement>,
  ) {
    return React.createElement('textarea', { ...props, rows: Number(minRows), ref });
  });
  return { __esModule: true, default: TextareaAutosize };
});

// React's development build captures an owner stack (an Error) for each element it creates, up to
// 10,000 per second of rendering (LogsPage.test: 40 s of CPU with it, 31 s without, two runs each).
// Warnings still name the component; only their owner stack is the generic one. Pinning the
// counter at its limit turns the capture off.
{
  const internals = (React as unknown as Record<string, { recentlyCreatedOwnerStacks?: number }>)
    .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
  Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', { get: () => 1e4, set: () => undefined });
}
