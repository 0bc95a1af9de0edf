/**
 * The product's names and descriptions in the six languages: the interface language first and open, the others
 * behind "Other languages". Each field is marked with its language and direction (ma and ar right to left).
 */
import { useTranslation } from 'react-i18next';
import { TEXT_LANGUAGES, type TextLanguage } from '../../domain/catalog-text';
import { TextAreaField, TextField } from '../account/form-fields';
import * as forms from '../account/forms.css';
import { langTag, localeDir, NATIVE_NAMES } from '../i18n/languages';
import { useLanguage } from '../i18n/use-language';
import type { ProductDraft } from './product-draft';
import * as styles from './product-form.css';

type Texts = Pick<ProductDraft, 'names' | 'descriptions'>;

function LanguageTexts({ language, texts, errors, onChange }: { language: TextLanguage; texts: Texts; errors: Record<string, string>; onChange: (kind: keyof Texts, value: string) => void }) {
  const { t } = useTranslation('seller');
  const native = NATIVE_NAMES[language];
  const props = { lang: langTag(language), dir: localeDir(language) } as const;
  return (
    <fieldset className={styles.language} data-testid={`texts-${language}`}>
      <legend className={styles.languageName} lang={props.lang}>
        {native}
      </legend>
      <TextField
        label={t('form.nameIn', { language: native })}
        name={`names.${language}`}
        maxLength={200}
        value={texts.names[language]}
        onValue={(v) => onChange('names', v)}
        error={errors[`names.${language}`]}
        {...props}
      />
      <TextAreaField
        label={t('form.descriptionIn', { language: native })}
        name={`descriptions.${language}`}
        rows={3}
        value={texts.descriptions[language]}
        onValue={(v) => onChange('descriptions', v)}
        error={errors[`descriptions.${language}`]}
        {...props}
      />
    </fieldset>
  );
}

export function ProductTexts({ texts, errors, onChange }: { texts: Texts; errors: Record<string, string>; onChange: (kind: keyof Texts, language: TextLanguage, value: string) => void }) {
  const { t } = useTranslation('seller');
  const current = useLanguage();
  const others = TEXT_LANGUAGES.filter((l) => l !== current);
  // "A name is required" belongs to the name in the interface language.
  const nameKey = `names.${current}`;
  const shown = { ...errors, [nameKey]: errors[nameKey] ?? errors.names ?? '' };
  const common = { texts, errors: shown };
  return (
    <fieldset className={styles.section}>
      <legend className={styles.legend}>{t('form.textsTitle')}</legend>
      <p className={forms.hint}>{t('form.textsHint')}</p>
      {errors.descriptions && <p className={forms.error}>{errors.descriptions}</p>}
      <LanguageTexts language={current} {...common} onChange={(kind, v) => onChange(kind, current, v)} />
      <details className={styles.more} open={others.some((l) => texts.names[l] !== '' || Boolean(errors[`names.${l}`]))}>
        <summary className={styles.moreSummary}>{t('form.otherLanguages')}</summary>
        {others.map((l) => (
          <LanguageTexts key={l} language={l} {...common} onChange={(kind, v) => onChange(kind, l, v)} />
        ))}
      </details>
    </fieldset>
  );
}
