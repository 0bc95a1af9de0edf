/**
 * Which key presses in the composer send the message (docs/COMMUNITY.md "Screens": Enter sends, Shift+Enter a
 * new line). An input method's Enter that confirms a composition never sends: `isComposing`, and Safari's
 * keydown with keyCode 229 (it reports the confirming Enter after compositionend, with isComposing false).
 * Pure, so it is tested without a browser.
 */

/** The parts of a keydown the decision reads (React's event.key/shiftKey and its nativeEvent's). */
export interface ComposerKeyPress {
  key: string;
  shiftKey: boolean;
  isComposing: boolean;
  keyCode: number;
}

/** keyCode of a keydown that an input method handles ("Process"). */
export const IME_KEY_CODE = 229;

export function sendsOnKeyDown(press: ComposerKeyPress): boolean {
  return press.key === 'Enter' && !press.shiftKey && !press.isComposing && press.keyCode !== IME_KEY_CODE;
}
