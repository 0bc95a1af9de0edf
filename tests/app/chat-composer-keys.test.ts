/** The composer's Enter (src/app/chat/composer-keys.ts): sends, except with Shift or while an input method composes (Safari's keyCode 229 too). */
import { describe, expect, it } from 'vitest';
import { sendsOnKeyDown } from '../../src/app/chat/composer-keys';

const press = (over: Partial<Parameters<typeof sendsOnKeyDown>[0]> = {}) => ({ key: 'Enter', shiftKey: false, isComposing: false, keyCode: 13, ...over });

describe('sendsOnKeyDown', () => {
  it('Enter sends', () => {
    expect(sendsOnKeyDown(press())).toBe(true);
  });

  it('Shift+Enter, other keys and an input method’s Enter do not', () => {
    expect(sendsOnKeyDown(press({ shiftKey: true }))).toBe(false);
    expect(sendsOnKeyDown(press({ key: 'a', keyCode: 65 }))).toBe(false);
    expect(sendsOnKeyDown(press({ isComposing: true }))).toBe(false);
    // Safari: the Enter confirming a composition comes after compositionend, isComposing false, keyCode 229.
    expect(sendsOnKeyDown(press({ keyCode: 229 }))).toBe(false);
  });
});
