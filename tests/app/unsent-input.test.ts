/**
 * Forms holding unsent input (issue 21), as the install prompt reads them: input or change in a field of a form
 * counts from then until the form is submitted or reset or leaves the page. A fake document and fake forms.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  createUnsentInputTracker,
  watchUnsentInput,
  type TrackedForm,
  type UnsentInputDocument,
  type UnsentInputEvent,
} from '../../src/app/ui/unsent-input';

type Listener = (event: UnsentInputEvent) => void;

function fakeDocument() {
  const listeners = new Map<string, Set<Listener>>();
  const doc: UnsentInputDocument = {
    addEventListener(type, listener, capture) {
      expect(capture, 'listens in the capture phase').toBe(true);
      listeners.set(type, (listeners.get(type) ?? new Set()).add(listener));
    },
    removeEventListener(type, listener) {
      listeners.get(type)?.delete(listener);
    },
  };
  const fire = (type: string, target: unknown) => listeners.get(type)?.forEach((listener) => listener({ target }));
  const count = () => [...listeners.values()].reduce((n, set) => n + set.size, 0);
  return { doc, fire, count };
}

const form = (): TrackedForm & { isConnected: boolean } => ({ isConnected: true });
/** A field (input, select, textarea) with its form. */
const field = (of: TrackedForm | null) => ({ form: of });
/** An element that is not a form field (contenteditable), inside `of`. */
const inside = (of: TrackedForm | null) => ({ closest: (selector: string) => (selector === 'form' ? of : null) });

function setUp() {
  const tracker = createUnsentInputTracker<TrackedForm>();
  const { doc, fire, count } = fakeDocument();
  let onRemoval: (() => void) | null = null;
  const stopRemovals = vi.fn(() => {
    onRemoval = null;
  });
  const watchRemovals = vi.fn((onChange: () => void) => {
    onRemoval = onChange;
    return stopRemovals;
  });
  const stop = watchUnsentInput(doc, tracker, watchRemovals);
  const changes = vi.fn();
  tracker.subscribe(changes);
  return { tracker, fire, count, stop, watchRemovals, stopRemovals, changes, removal: () => onRemoval?.() };
}

describe('a form with unsent input', () => {
  it('counts from an input or change in one of its fields until it is submitted or reset', () => {
    const { tracker, fire, changes } = setUp();
    const search = form();
    expect(tracker.has()).toBe(false);
    fire('input', field(search));
    expect(tracker.has()).toBe(true);
    fire('submit', search);
    expect(tracker.has()).toBe(false);
    fire('change', field(search));
    expect(tracker.has()).toBe(true);
    fire('reset', search);
    expect(tracker.has()).toBe(false);
    expect(changes, 'listeners hear each change of the answer').toHaveBeenCalledTimes(4);
  });

  it('only counts fields in a form, and a sent form leaves the others unsent', () => {
    const { tracker, fire, changes } = setUp();
    fire('input', field(null));
    fire('input', inside(null));
    fire('input', null);
    expect(tracker.has()).toBe(false);
    expect(changes).not.toHaveBeenCalled();

    const a = form();
    const b = form();
    fire('input', inside(a));
    fire('input', field(b));
    fire('input', field(b));
    expect(changes, 'told once: the answer changed once').toHaveBeenCalledTimes(1);
    fire('submit', b);
    expect(tracker.has(), 'a still holds input').toBe(true);
    fire('submit', a);
    expect(tracker.has()).toBe(false);
  });

  it('stops counting when the form leaves the page, watching the page only while a form is remembered', () => {
    const { tracker, fire, watchRemovals, stopRemovals, changes, removal } = setUp();
    expect(watchRemovals).not.toHaveBeenCalled();
    const dialog = form();
    fire('input', field(dialog));
    expect(watchRemovals).toHaveBeenCalledTimes(1);
    removal();
    expect(tracker.has(), 'still in the page').toBe(true);
    expect(stopRemovals).not.toHaveBeenCalled();

    dialog.isConnected = false;
    expect(tracker.has(), 'a form out of the page never counts').toBe(false);
    removal();
    expect(tracker.tracking()).toBe(false);
    expect(stopRemovals).toHaveBeenCalledTimes(1);
    expect(changes).toHaveBeenCalledTimes(2);

    const next = form();
    fire('change', field(next));
    expect(watchRemovals).toHaveBeenCalledTimes(2);
    fire('submit', next);
    expect(stopRemovals, 'sent: nothing left to watch').toHaveBeenCalledTimes(2);
  });

  it('stop removes every listener', () => {
    const { stop, count, fire, tracker } = setUp();
    expect(count()).toBe(4);
    fire('input', field(form()));
    stop();
    expect(count()).toBe(0);
    fire('input', field(form()));
    expect(tracker.has(), 'the first form still counts: nothing told it otherwise').toBe(true);
  });
});
