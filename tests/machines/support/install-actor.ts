/**
 * The install prompt machine started for a test: the browser's dialog replaced by `choice` (accepted by default),
 * and every view the banner would have drawn recorded from the first snapshot on.
 */
import { vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { installPromptMachine, installView, type InstallChoice, type InstallStoredState, type InstallView } from '../../../src/machines/install-prompt';

export interface InstallActorOptions {
  stored?: InstallStoredState;
  supported?: boolean;
  standalone?: boolean;
  path?: string;
  unsentInput?: boolean;
  choice?: () => Promise<InstallChoice>;
}

export function startInstallActor(options: InstallActorOptions = {}) {
  const prompt = vi.fn(options.choice ?? (() => Promise.resolve<InstallChoice>({ outcome: 'accepted' })));
  const machine = installPromptMachine.provide({ actors: { showPrompt: fromPromise(() => prompt()) } });
  const actor = createActor(machine, {
    input: {
      stored: options.stored,
      promptSupported: options.supported ?? true,
      standalone: options.standalone ?? false,
      path: options.path,
      unsentInput: options.unsentInput,
    },
  });
  const seen: InstallView[] = [];
  actor.subscribe((snapshot) => seen.push(installView(snapshot.value)));
  actor.start();
  const view = () => installView(actor.getSnapshot().value);
  const stored = () => actor.getSnapshot().context.stored;
  return { actor, prompt, view, stored, seen };
}
