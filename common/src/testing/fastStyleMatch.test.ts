import { cannotMatch, selectorRequirement } from './fastStyleMatch';

describe('fastStyleMatch', () => {
  it('reads the tag and top-level classes of each branch, and is unsure of what it cannot read', () => {
    expect(selectorRequirement('.a .b.c:not(.d)')).toEqual([{ tag: null, classes: ['b', 'c'] }]);
    expect(selectorRequirement('div > p.x, .y::before')).toEqual([
      { tag: 'p', classes: ['x'] },
      { tag: null, classes: ['y'] },
    ]);
    expect(selectorRequirement('.MuiInputBase-root:has(> .x ~ .y)')).toEqual([
      { tag: null, classes: ['MuiInputBase-root'] },
    ]);
    // A branch that may match any element, escapes, strings and namespaces: nwsapi decides.
    expect(selectorRequirement('.a, [hidden]')).toBeNull();
    expect(selectorRequirement('*')).toBeNull();
    expect(selectorRequirement('.sm\\:flex')).toBeNull();
    expect(selectorRequirement('[title="a b"]')).toBeNull();
    expect(selectorRequirement('svg|a')).toBeNull();
  });

  it('never rejects a selector the element matches', () => {
    document.body.innerHTML =
      '<div class="MuiInputBase-root outer"><select class="x sel"></select><span class="y"></span></div>' +
      '<p class="x" hidden>text</p><svg><foreignObject class="fo"></foreignObject></svg>';
    const selectors = [
      '.outer',
      '.outer .x',
      'div.outer > select.x',
      'p.x, .y',
      '.MuiInputBase-root:has(> .x ~ .y)',
      '.MuiInputBase-root:has(> .z)',
      'P.X',
      'foreignobject.fo',
      '.x:not(.sel)',
      ':is(.x, .y)',
      '.missing',
      'span.x',
      '[hidden]',
    ];
    let rejected = 0;
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      for (const selector of selectors) {
        if (!cannotMatch(selector, element)) continue;
        rejected++;
        expect({ selector, element: element.outerHTML, matches: element.matches(selector) }).toMatchObject({
          matches: false,
        });
      }
    }
    expect(rejected).toBeGreaterThan(20);
    expect(cannotMatch('.missing', document.querySelector('.sel') as Element)).toBe(true);
    expect(cannotMatch('.sel', document.querySelector('.sel') as Element)).toBe(false);
  });

  it('computed styles still come from the matching rules (installed by jest.setup)', () => {
    // The check is installed only in no-quirks documents: jest's must stay one.
    expect(document.compatMode).toBe('CSS1Compat');
    document.head.innerHTML =
      '<style>.gone { display: none } .MuiInputBase-root:has(> .x) { visibility: hidden }</style>';
    document.body.innerHTML =
      '<div class="gone" id="a"></div><div class="MuiInputBase-root" id="b"><i class="x"></i></div>' +
      '<div class="MuiInputBase-root" id="c"><i></i></div>';
    expect(getComputedStyle(document.getElementById('a') as Element).display).toBe('none');
    expect(getComputedStyle(document.getElementById('b') as Element).visibility).toBe('hidden');
    expect(getComputedStyle(document.getElementById('c') as Element).visibility).toBe('visible');
    document.getElementById('a')?.classList.remove('gone');
    expect(getComputedStyle(document.getElementById('a') as Element).display).toBe('block');
    document.head.innerHTML = '';
  });
});
