import { type Language, languages } from '@piazza/contract/wire';
import { useTranslation } from 'react-i18next';
import { currentLanguage, setLanguage } from '../i18n/i18n';

/** it-IT ⇄ en-US for the back office's texts and the server's messages alike. */
export function LanguageSelect() {
  const { t } = useTranslation();
  return (
    <label className="lang">
      <span>{t('lang.label')}</span>
      <select
        data-testid="lang-switch"
        value={currentLanguage()}
        onChange={(e) => setLanguage(e.target.value as Language)}
      >
        {languages.map((l) => (
          <option key={l} value={l}>
            {t(`lang.${l}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
