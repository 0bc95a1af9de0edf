/**
 * /community/new (signed in; docs/COMMUNITY.md): the 'Post a request' form. The server's rules are checked
 * here first (post-validation.ts), then DataApi.createPost writes the local post at once and queues the
 * request, so it works offline; the page then opens the post, which says 'Waiting to be sent' until it is.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { COLORS } from '../../domain/catalog-constants';
import { POST_CATEGORIES, POST_DESCRIPTION_MAX, POST_TITLE_MAX, TIMELINE_UNITS } from '../../domain/community';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../account/form-fields';
import * as forms from '../account/forms.css';
import { useDataClient } from '../data/data-context';
import { ROUTES } from '../routing/paths';
import { button } from '../theme/recipes.css';
import { useDocumentTitle } from '../ui/use-document-title';
import * as styles from './community.css';
import { isPostCategory } from './community-filters';
import { EMPTY_POST_DRAFT, validatePost, type PostErrors } from './post-validation';
import { CommunityPhotosInput } from './community-photos';
import { useCommunityForm } from './use-community-form';

export function NewPostPage() {
  const { t } = useTranslation();
  const client = useDataClient();
  const { draft, set, errors, sending, failure, photos, submit } = useCommunityForm({
    empty: EMPTY_POST_DRAFT,
    validate: validatePost,
    send: async (input) => (await client.createPost(input)).postId,
    failureText: () => t('community.form.sendError'),
  });
  useDocumentTitle(t('community.form.title'));

  const errorText = (field: keyof PostErrors) => {
    const code = errors[field];
    return code ? t(`community.errors.${code}`) : undefined;
  };

  return (
    <section className={styles.page} aria-labelledby="new-post-title">
      <header className={styles.head}>
        <h1 id="new-post-title" className={styles.title}>
          {t('community.form.title')}
        </h1>
        <Link href={ROUTES.community} className={styles.inlineLink}>
          {t('community.detail.back')}
        </Link>
      </header>
      <p className={styles.muted}>{t('community.form.intro')}</p>
      <form className={`${styles.card} ${forms.form}`} noValidate onSubmit={submit} data-testid="new-post-form">
        <TextField
          label={t('community.form.titleLabel')}
          value={draft.title}
          onValue={(v) => set('title', v)}
          maxLength={POST_TITLE_MAX}
          error={errorText('title')}
          required
          data-testid="post-title"
        />
        <TextAreaField
          label={t('community.form.descriptionLabel')}
          rows={6}
          value={draft.description}
          onValue={(v) => set('description', v)}
          maxLength={POST_DESCRIPTION_MAX}
          required
          error={errorText('description')}
          data-testid="post-description"
        />
        <SelectField
          label={t('community.form.categoryLabel')}
          value={draft.category}
          onValue={(v) => {
            if (isPostCategory(v)) set('category', v);
          }}
          options={POST_CATEGORIES.map((c) => ({ value: c, label: t(`community.categories.${c}`) }))}
        />
        <fieldset className={forms.fieldset}>
          <legend className={forms.label}>{t('community.form.budgetLegend')}</legend>
          <div className={forms.grid}>
            <TextField
              label={t('community.form.budgetMin')}
              value={draft.budgetMin}
              onValue={(v) => set('budgetMin', v)}
              inputMode="decimal"
              data-testid="post-budget-min"
            />
            <TextField
              label={t('community.form.budgetMax')}
              value={draft.budgetMax}
              onValue={(v) => set('budgetMax', v)}
              inputMode="decimal"
              error={errorText('budget')}
              data-testid="post-budget-max"
            />
          </div>
          <p className={forms.hint}>{t('community.form.budgetHint')}</p>
        </fieldset>
        <div className={forms.grid}>
          <TextField
            label={t('community.form.timelineValue')}
            value={draft.timelineValue}
            onValue={(v) => set('timelineValue', v)}
            inputMode="numeric"
            optionalText={t('community.form.optional')}
            error={errorText('timeline')}
            data-testid="post-timeline-value"
          />
          <SelectField
            label={t('community.form.timelineUnit')}
            value={draft.timelineUnit}
            onValue={(v) => {
              const unit = TIMELINE_UNITS.find((u) => u === v);
              if (unit) set('timelineUnit', unit);
            }}
            options={TIMELINE_UNITS.map((u) => ({ value: u, label: t(`community.units.${u}`) }))}
          />
        </div>
        <TextField
          label={t('community.form.expectedDelivery')}
          type="date"
          value={draft.expectedDelivery}
          onValue={(v) => set('expectedDelivery', v)}
          optionalText={t('community.form.optional')}
          error={errorText('expectedDelivery')}
          data-testid="post-expected-delivery"
        />
        <fieldset className={forms.fieldset}>
          <legend className={forms.label}>{t('community.form.colorsLegend')}</legend>
          <div className={styles.colors}>
            {COLORS.map((color) => (
              <CheckboxField
                key={color}
                name="preferred_colors"
                label={t(`colors.${color}`)}
                checked={draft.preferredColors.includes(color)}
                onChecked={(checked) =>
                  set(
                    'preferredColors',
                    checked ? [...draft.preferredColors, color] : draft.preferredColors.filter((c) => c !== color),
                  )
                }
              />
            ))}
          </div>
        </fieldset>
        <CommunityPhotosInput photos={photos} disabled={sending} testId="post-images" />
        {failure && (
          <p role="alert" className={forms.failure}>
            {failure}
          </p>
        )}
        <div className={forms.actions}>
          <button type="submit" className={button({ tone: 'primary' })} disabled={sending} data-testid="post-submit">
            {sending ? t('community.form.sending') : t('community.form.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
