/**
 * /community/messages/:senderId, the page a message notification opens (spec §2). A placeholder until the
 * chat screen is built (docs/COMMUNITY.md "Messages"): it names the conversation it stands for.
 */
import { useTranslation } from 'react-i18next';
import { AccountLayout } from '../account/account-layout';
import * as forms from '../account/forms.css';

export function MessagesPage({ senderId }: { senderId: string }) {
  const { t } = useTranslation('account');
  return (
    <AccountLayout title={t('push.messages.title')}>
      <p className={forms.hint} data-testid="messages-placeholder" data-sender-id={senderId}>
        {t('push.messages.placeholder')}
      </p>
    </AccountLayout>
  );
}
