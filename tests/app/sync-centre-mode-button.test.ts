/**
 * The sync centre's catalogue mode buttons (src/app/sync-centre/catalogue-storage.tsx, issue 25): while a mode
 * change runs, a button stays focusable (aria-disabled, never the disabled attribute, which drops focus to <body>)
 * and a press does nothing; otherwise it is a plain button that calls onPress.
 */
import { createElement, isValidElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { ModeButton } from '../../src/app/sync-centre/catalogue-storage';

function modeButton(busy: boolean, onPress: () => void) {
  return { className: 'mode', busy, testId: 'keep-whole-catalogue', onPress, children: 'Keep the whole catalogue' };
}

/** The <button> ModeButton returns (it has no hooks: called as a function, its element's handlers can be pressed). */
function buttonOf(busy: boolean, onPress: () => void): ReactElement<{ onClick?: () => void }> {
  const element: unknown = ModeButton(modeButton(busy, onPress));
  if (!isValidElement<{ onClick?: () => void }>(element) || element.type !== 'button') throw new Error('ModeButton renders a <button>');
  return element;
}

describe('ModeButton', () => {
  it('while busy: aria-disabled, not disabled, so the pressed button keeps focus', () => {
    const html = renderToStaticMarkup(createElement(ModeButton, modeButton(true, () => undefined)));
    expect(html).toMatch(/^<button[^>]* type="button"/);
    expect(html).toContain('aria-disabled="true"');
    expect(html).not.toMatch(/\sdisabled(=|\s|>)/);
    expect(html).toContain('data-testid="keep-whole-catalogue"');
    expect(html).toContain('>Keep the whole catalogue</button>');
  });

  it('while busy: a press (click, Enter or Space) does nothing', () => {
    const onPress = vi.fn();
    buttonOf(true, onPress).props.onClick?.();
    expect(onPress).not.toHaveBeenCalled();
  });

  it('when idle: an enabled button that calls onPress', () => {
    const html = renderToStaticMarkup(createElement(ModeButton, modeButton(false, () => undefined)));
    expect(html).not.toContain('aria-disabled="true"');
    expect(html).not.toMatch(/\sdisabled(=|\s|>)/);
    const onPress = vi.fn();
    buttonOf(false, onPress).props.onClick?.();
    expect(onPress).toHaveBeenCalledTimes(1);
  });
});
