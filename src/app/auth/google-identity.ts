/**
 * Google Identity Services (https://accounts.google.com/gsi/client), loaded on
 * demand the first time a sign-in page shows a configured Google button. Only
 * the few calls we make are typed here.
 */
export const GSI_SCRIPT_URL = 'https://accounts.google.com/gsi/client';

export interface GsiCredentialResponse {
  credential: string;
}

export interface GsiButtonOptions {
  type?: 'standard' | 'icon';
  theme?: 'outline' | 'filled_blue' | 'filled_black';
  size?: 'large' | 'medium' | 'small';
  text?: 'signin_with' | 'signup_with' | 'continue_with' | 'signin';
  shape?: 'rectangular' | 'pill';
  locale?: string;
  width?: number;
}

export interface GsiId {
  initialize(options: {
    client_id: string;
    callback: (response: GsiCredentialResponse) => void;
    ux_mode?: 'popup' | 'redirect';
    use_fedcm_for_prompt?: boolean;
  }): void;
  renderButton(parent: HTMLElement, options: GsiButtonOptions): void;
  disableAutoSelect(): void;
}

interface GsiWindow {
  google?: { accounts?: { id?: GsiId } };
}

let loading: Promise<GsiId> | null = null;

export function loadGoogleIdentity(): Promise<GsiId> {
  const existing = (window as GsiWindow).google?.accounts?.id;
  if (existing) return Promise.resolve(existing);
  loading ??= new Promise<GsiId>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GSI_SCRIPT_URL;
    script.async = true;
    script.onload = () => {
      const id = (window as GsiWindow).google?.accounts?.id;
      if (id) resolve(id);
      else reject(new Error('Google Identity Services loaded without google.accounts.id'));
    };
    script.onerror = () => reject(new Error('Google Identity Services could not be loaded'));
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = null;
    document.querySelector(`script[src="${GSI_SCRIPT_URL}"]`)?.remove();
    throw error;
  });
  return loading;
}
