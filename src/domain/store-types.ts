/**
 * Store type names in the six languages (issue 22). English and Arabic are the names the API has always given
 * (store_type.name / name_ar); the other four are the interface's wording of the same types.
 */
import type { StoreType } from './catalog-constants';
import type { TextLanguage } from './catalog-text';

export const STORE_TYPE_NAMES: Record<StoreType, Record<TextLanguage, string>> = {
  individual: { ma: 'شخص', ar: 'فردي', fr: 'Particulier', en: 'Individual', es: 'Particular', de: 'Privatperson' },
  company: { ma: 'شركة', ar: 'شركة', fr: 'Entreprise', en: 'Company', es: 'Empresa', de: 'Unternehmen' },
  manufacturer: { ma: 'صانع', ar: 'مصنّع', fr: 'Fabricant', en: 'Manufacturer', es: 'Fabricante', de: 'Hersteller' },
  distributor: { ma: 'موزّع', ar: 'موزّع', fr: 'Distributeur', en: 'Distributor', es: 'Distribuidor', de: 'Großhändler' },
  regular: { ma: 'حانوت عادي', ar: 'عادي', fr: 'Boutique classique', en: 'Regular', es: 'Tienda estándar', de: 'Standardgeschäft' },
};
