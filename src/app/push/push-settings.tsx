/**
 * The "Enable notifications" control of /settings (docs/COMMUNITY.md "Push"): runs the setup flow
 * (push-setup.ts over firebase, loaded on click) and says how it went, in the page and as a 5 s toast
 * (spec §9). Each failure of spec §8 has its own text (account.json push.errors.*).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as forms from '../account/forms.css';
import { button } from '../theme/recipes.css';
import { showToast } from '../ui/toast-store';
import { PUSH_TOAST_MS, setUpPush, type PushSetupDeps, type PushSetupResult } from './push-setup';

type State = { phase: 'idle' } | { phase: 'working' } | { phase: 'done'; result: PushSetupResult };

async function loadBrowserDeps(): Promise<PushSetupDeps> {
  return (await import('./firebase-push')).browserPushDeps;
}

export function PushSettings({ deps }: { deps?: PushSetupDeps }) {
  const { t } = useTranslation('account');
  const [state, setState] = useState<State>({ phase: 'idle' });

  const enable = async () => {
    setState({ phase: 'working' });
    const result = await setUpPush(deps ?? (await loadBrowserDeps())).catch((): PushSetupResult => ({ ok: false, error: 'no-token' }));
    setState({ phase: 'done', result });
    const text = result.ok ? t('push.enabled') : t(`push.errors.${result.error}`);
    showToast({ text, tone: result.ok ? 'success' : 'error' }, PUSH_TOAST_MS);
  };

  const result = state.phase === 'done' ? state.result : null;
  return (
    <div className={forms.fieldset} data-testid="push-settings">
      <p className={forms.hint}>{t('push.hint')}</p>
      <div className={forms.actions}>
        <button
          type="button"
          className={button({ tone: 'secondary' })}
          disabled={state.phase === 'working'}
          onClick={() => void enable()}
          data-testid="push-enable"
        >
          {state.phase === 'working' ? t('push.enabling') : t('push.enable')}
        </button>
      </div>
      {result && (
        <p
          role={result.ok ? 'status' : 'alert'}
          className={result.ok ? forms.success : forms.failure}
          data-testid="push-result"
          data-code={result.ok ? 'enabled' : result.error}
        >
          {result.ok ? t('push.enabled') : t(`push.errors.${result.error}`)}
        </p>
      )}
    </div>
  );
}
