/**
 * What the install prompt remembers between visits (score, the last 10 dismissals, the install time), in
 * localStorage under `souk.install`. Unreadable or missing storage reads as a fresh start.
 */
import { EMPTY_INSTALL_STATE, type InstallStoredState } from '../../machines/install-prompt';
import { safeLocalStorage } from '../safe-storage';

export const INSTALL_STORAGE_KEY = 'souk.install';

export function readInstallState(storage: Pick<Storage, 'getItem'> | undefined = safeLocalStorage()): InstallStoredState {
  try {
    const raw = storage?.getItem(INSTALL_STORAGE_KEY);
    if (!raw) return EMPTY_INSTALL_STATE;
    const parsed = JSON.parse(raw) as Partial<InstallStoredState> | null;
    if (typeof parsed !== 'object' || parsed === null) return EMPTY_INSTALL_STATE;
    return {
      score: typeof parsed.score === 'number' ? parsed.score : 0,
      dismissals: Array.isArray(parsed.dismissals) ? parsed.dismissals.filter((d): d is number => typeof d === 'number') : [],
      installedAt: typeof parsed.installedAt === 'number' ? parsed.installedAt : null,
    };
  } catch {
    return EMPTY_INSTALL_STATE;
  }
}

export function writeInstallState(state: InstallStoredState, storage: Pick<Storage, 'setItem'> | undefined = safeLocalStorage()): void {
  try {
    storage?.setItem(INSTALL_STORAGE_KEY, JSON.stringify(state));
  } catch {
    // Storage full or blocked: the prompt simply forgets.
  }
}
