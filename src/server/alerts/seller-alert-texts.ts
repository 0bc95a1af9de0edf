/**
 * The texts of the seller's alerts (docs/SELLERS.md "Alerts"), in the six languages of the app: a push is
 * shown by the phone as it comes, so the server writes it in the seller's language (users.language, their
 * preference; else Darija, the account default). Short and plain, as the app speaks: what happened, then what
 * to look at. The dashboard shows the same stored texts.
 */
import type { TextLanguage } from '../../domain/catalog-text';
import { TEXT_LANGUAGES } from '../../domain/catalog-text';

export type ShopDecision = 'active' | 'suspended' | 'verified' | 'unverified';

interface AlertTexts {
  newOrderTitle: (orderNumber: string) => string;
  newOrderBody: (items: number) => string;
  lowStockTitle: string;
  lowStockBody: (product: string, variant: string, stock: number) => string;
  decision: Record<ShopDecision, { title: string; body: string }>;
}

const TEXTS: Record<TextLanguage, AlertTexts> = {
  en: {
    newOrderTitle: (n) => `New order ${n}`,
    newOrderBody: (items) => `Items to prepare: ${items}.`,
    lowStockTitle: 'Low stock',
    lowStockBody: (p, v, s) => `${p} (${v}): ${s} left.`,
    decision: {
      active: { title: 'Your shop is open', body: 'Your shop is active: buyers can see your products.' },
      suspended: { title: 'Your shop is suspended', body: 'Your products are hidden from buyers for now.' },
      verified: { title: 'Your shop is verified', body: 'Buyers now see the verified badge on your shop.' },
      unverified: { title: 'Verification removed', body: 'Your shop no longer shows the verified badge.' },
    },
  },
  fr: {
    newOrderTitle: (n) => `Nouvelle commande ${n}`,
    newOrderBody: (items) => `Articles à préparer : ${items}.`,
    lowStockTitle: 'Stock bas',
    lowStockBody: (p, v, s) => `${p} (${v}) : plus que ${s}.`,
    decision: {
      active: { title: 'Votre boutique est ouverte', body: 'Votre boutique est active : les acheteurs voient vos produits.' },
      suspended: { title: 'Votre boutique est suspendue', body: 'Vos produits sont cachés aux acheteurs pour le moment.' },
      verified: { title: 'Votre boutique est vérifiée', body: 'Les acheteurs voient maintenant le badge vérifié.' },
      unverified: { title: 'Vérification retirée', body: "Votre boutique n'affiche plus le badge vérifié." },
    },
  },
  es: {
    newOrderTitle: (n) => `Nuevo pedido ${n}`,
    newOrderBody: (items) => `Artículos para preparar: ${items}.`,
    lowStockTitle: 'Poco stock',
    lowStockBody: (p, v, s) => `${p} (${v}): quedan ${s}.`,
    decision: {
      active: { title: 'Tu tienda está abierta', body: 'Tu tienda está activa: los compradores ven tus productos.' },
      suspended: { title: 'Tu tienda está suspendida', body: 'Tus productos están ocultos para los compradores por ahora.' },
      verified: { title: 'Tu tienda está verificada', body: 'Los compradores ya ven la insignia de verificada.' },
      unverified: { title: 'Verificación retirada', body: 'Tu tienda ya no muestra la insignia de verificada.' },
    },
  },
  de: {
    newOrderTitle: (n) => `Neue Bestellung ${n}`,
    newOrderBody: (items) => `Zu packende Artikel: ${items}.`,
    lowStockTitle: 'Bestand niedrig',
    lowStockBody: (p, v, s) => `${p} (${v}): noch ${s}.`,
    decision: {
      active: { title: 'Dein Shop ist geöffnet', body: 'Dein Shop ist aktiv: Käufer sehen deine Produkte.' },
      suspended: { title: 'Dein Shop ist gesperrt', body: 'Deine Produkte sind für Käufer vorerst verborgen.' },
      verified: { title: 'Dein Shop ist verifiziert', body: 'Käufer sehen jetzt das Verifiziert-Abzeichen.' },
      unverified: { title: 'Verifizierung entfernt', body: 'Dein Shop zeigt das Verifiziert-Abzeichen nicht mehr.' },
    },
  },
  ar: {
    newOrderTitle: (n) => `طلب جديد ${n}`,
    newOrderBody: (items) => `قطع للتحضير: ${items}.`,
    lowStockTitle: 'مخزون منخفض',
    lowStockBody: (p, v, s) => `${p} (${v}): بقي ${s}.`,
    decision: {
      active: { title: 'متجرك مفتوح', body: 'متجرك نشط: يرى المشترون منتجاتك.' },
      suspended: { title: 'تم تعليق متجرك', body: 'منتجاتك مخفية عن المشترين حاليًا.' },
      verified: { title: 'تم توثيق متجرك', body: 'يرى المشترون الآن شارة التوثيق على متجرك.' },
      unverified: { title: 'أُزيل التوثيق', body: 'لم يعد متجرك يعرض شارة التوثيق.' },
    },
  },
  ma: {
    newOrderTitle: (n) => `كوموند جديدة ${n}`,
    newOrderBody: (items) => `السلعة لي خاصها توجد: ${items}.`,
    lowStockTitle: 'الستوك قليل',
    lowStockBody: (p, v, s) => `${p} (${v}): باقي غير ${s}.`,
    decision: {
      active: { title: 'الحانوت ديالك تحل', body: 'الحانوت ديالك خدام: المشترين كيشوفو السلعة ديالك.' },
      suspended: { title: 'الحانوت ديالك توقف', body: 'السلعة ديالك مخبية على المشترين دابا.' },
      verified: { title: 'الحانوت ديالك موثق', body: 'المشترين ولاو كيشوفو علامة التوثيق.' },
      unverified: { title: 'تحيد التوثيق', body: 'الحانوت ديالك ما بقاش كيبان فيه علامة التوثيق.' },
    },
  },
};

/** The account's language as one of the six; anything else reads as Darija, the account default. */
export function alertLanguage(language: string | null | undefined): TextLanguage {
  return (TEXT_LANGUAGES as readonly string[]).includes(language ?? '') ? (language as TextLanguage) : 'ma';
}

export function newOrderText(language: TextLanguage, orderNumber: string, items: number): { title: string; body: string } {
  const t = TEXTS[language];
  return { title: t.newOrderTitle(orderNumber), body: t.newOrderBody(items) };
}

export function lowStockText(language: TextLanguage, product: string, variant: string, stock: number): { title: string; body: string } {
  const t = TEXTS[language];
  return { title: t.lowStockTitle, body: t.lowStockBody(product, variant, stock) };
}

export function shopDecisionText(language: TextLanguage, decision: ShopDecision): { title: string; body: string } {
  return TEXTS[language].decision[decision];
}
