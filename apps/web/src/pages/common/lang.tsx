import { updateUser } from '@piazza/contract/calls/identity';
import { type Language, languages } from '@piazza/contract/wire';
import { CheckList, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../../i18n/language';
import { api } from '../../shared/api/api';
import { useSession } from '../../shared/session/use-session';
import { usePersisted, writePersisted } from '../../shared/storage/persisted';
import { Page } from '../../shared/ui/page';

/** Choose the app's language (it-IT or en-US); it is remembered and sent with every call. */
export default function LanguagePage() {
  const { t } = useTranslation();
  const lang = usePersisted('lang');
  const { signedIn } = useSession();

  const choose = (next: Language) => {
    if (next === lang) return;
    // The toast once the new language's catalogue is in (English is loaded on first use).
    void setLanguage(next).then(() => Toast.show({ content: t('lang.changed', { lng: next }) }));
    // The account remembers it too, so codes and notices reach the user in this language; best effort.
    if (signedIn) {
      api(updateUser, { language: next }, { silent: true }).then(
        ({ user }) => writePersisted('userInfo', user),
        () => undefined,
      );
    }
  };

  return (
    <Page title={t('lang.title')}>
      <CheckList
        value={[lang]}
        onChange={(picked) => {
          const next = picked[0];
          if (next === 'it-IT' || next === 'en-US') choose(next);
        }}
      >
        {languages.map((l) => (
          <CheckList.Item key={l} value={l} data-testid={`lang-${l}`}>
            <span lang={l}>{t(`lang.${l}`)}</span>
          </CheckList.Item>
        ))}
      </CheckList>
    </Page>
  );
}
