/**
 * The product form (docs/SELLERS.md "The form"): texts in six languages, category, prices, the flags, the variant
 * matrix and the photos. A new product is created (POST) and its waiting photos sent after it — or, with onQueue
 * (the new-product page), queued as one draft with its photos (docs/SELLERS.md "Offline"); a saved one is edited
 * (PATCH). Server field errors show at their fields; a failure because the network is off says nothing
 * was sent and the form keeps everything typed.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxField, TextField } from '../account/form-fields';
import * as forms from '../account/forms.css';
import { button } from '../theme/recipes.css';
import { useOnline } from '../ui/use-online';
import { CategorySelect } from './category-select';
import { checkDraft, draftFromProduct, draftToBody, emptyDraft, placeOfError, type ProductDraft } from './product-draft';
import * as styles from './product-form.css';
import { ProductPhotos } from './product-photos';
import { ProductTexts } from './product-texts';
import { createProduct, updateProduct, type ProductBody, type SellerProduct } from './seller-api';
import { useProductPhotos } from './use-product-photos';
import { useSellerForm } from './use-seller-form';
import { VariantMatrix } from './variant-matrix';

/** Server field errors at their place in the form; the rest joined for the alert. */
function placeErrors(fieldErrors: Record<string, string>): { placed: Record<string, string>; other: string[] } {
  const placed: Record<string, string> = {};
  const other: string[] = [];
  for (const [parameter, text] of Object.entries(fieldErrors)) {
    const place = placeOfError(parameter) ?? (['sizes', 'colors', 'fabrics'].includes(parameter) ? parameter : null);
    if (place) placed[place] ??= text;
    else other.push(text);
  }
  return { placed, other };
}

export interface ProductFormProps {
  product: SellerProduct | null;
  onSaved: (product: SellerProduct, created: boolean) => void;
  /** A new product goes as a queued draft with its photos (one write, sent at once when online). */
  onQueue?: (body: ProductBody, photos: Blob[]) => Promise<void>;
  /** A refused draft opened again: the form and photos as they were queued. */
  initial?: { draft: ProductDraft; photos: readonly Blob[] };
}

export function ProductForm({ product, onSaved, onQueue, initial }: ProductFormProps) {
  const { t } = useTranslation('seller');
  const online = useOnline();
  const form = useSellerForm();
  const [draft, setDraft] = useState<ProductDraft>(() => (product ? draftFromProduct(product) : (initial?.draft ?? emptyDraft())));
  const [saved, setSaved] = useState(product);
  const [done, setDone] = useState(false);
  const photos = useProductPhotos(
    saved,
    (p) => {
      setSaved(p);
      onSaved(p, false);
    },
    initial?.photos,
  );
  const { placed, other } = placeErrors(form.fieldErrors);
  const set = (patch: Partial<ProductDraft>) => {
    setDone(false);
    setDraft((d) => ({ ...d, ...patch }));
  };
  const text = (name: 'price' | 'discountPrice', field: string) => ({
    name: field,
    value: draft[name],
    onValue: (value: string) => set({ [name]: value }),
    error: placed[field],
    inputMode: 'decimal' as const,
    dir: 'ltr' as const,
  });

  const onSubmit = async () => {
    const problems: Record<string, string> = {};
    for (const [field, problem] of Object.entries(checkDraft(draft))) problems[field] = t(`field.${problem}`);
    const body = draftToBody(draft);
    const wasNew = saved === null;
    if (wasNew && onQueue) {
      // Kept on the phone with its photos and sent as one write: the page follows it from here.
      await form.submit(problems, () => onQueue(body, photos.waitingBlobs));
      return;
    }
    const answer = await form.submit(problems, () => (saved ? updateProduct(saved.id, body) : createProduct(body)));
    if (!answer) return;
    setSaved(answer);
    const photosSent = await photos.sendWaiting(answer);
    setDone(photosSent);
    if (photosSent || !wasNew) onSaved(answer, wasNew);
  };

  return (
    <form
      ref={form.formRef}
      className={forms.form}
      noValidate
      aria-busy={form.saving}
      data-testid="product-form"
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      {!online && <p className={forms.info}>{t('errors.offlineNow')}</p>}
      <ProductTexts
        texts={draft}
        errors={placed}
        onChange={(kind, language, value) => set({ [kind]: { ...draft[kind], [language]: value } })}
      />
      <fieldset className={styles.section}>
        <legend className={styles.legend}>{t('form.detailsTitle')}</legend>
        <CategorySelect value={draft.categoryId} error={placed.category_id} onValue={(categoryId) => set({ categoryId })} />
        <div className={forms.grid}>
          <TextField label={t('form.price')} hint={t('form.priceHint')} required {...text('price', 'price')} />
          <TextField label={t('form.discountPrice')} hint={t('form.discountHint')} optionalText={t('form.optional')} {...text('discountPrice', 'discount_price')} />
        </div>
        <CheckboxField label={t('form.handmade')} checked={draft.handmade} onChecked={(handmade) => set({ handmade })} name="handmade" />
        <CheckboxField label={t('form.customizable')} checked={draft.customizable} onChecked={(customizable) => set({ customizable })} name="customizable" />
        <CheckboxField label={t('form.express')} description={t('form.expressHint')} checked={draft.express} onChecked={(express) => set({ express })} name="is_express" />
      </fieldset>
      <VariantMatrix
        draft={draft}
        errors={placed}
        onOptions={(options) => set(options)}
        onCell={(key, cell) => set({ cells: { ...draft.cells, [key]: cell } })}
      />
      <ProductPhotos photos={photos.photos} busy={photos.busy || form.saving} error={photos.error} onAdd={photos.add} onMove={photos.move} onRemove={photos.remove} />
      <div className={styles.footer}>
        <button type="submit" className={button({ tone: 'primary' })} disabled={form.saving} data-testid="product-save">
          {form.saving ? t('form.saving') : saved ? t('form.save') : t('form.create')}
        </button>
      </div>
      <div role="status" aria-live="polite">
        {done && !form.error && <p className={forms.success}>{t('form.saved')}</p>}
      </div>
      {form.error && (
        <div role="alert" className={forms.failure}>
          <p>{form.error}</p>
          {other.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      )}
    </form>
  );
}
