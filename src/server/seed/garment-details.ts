/**
 * The details a demo product's name may end with ("with Sfifa Trim"), in the six languages. Each is said after the
 * rest of the name and agrees with nothing. English and Arabic are the seed's words from before issue 22.
 */
import type { Phrase } from './garment-words';

export const SFIFA: Phrase = {
  en: 'with Sfifa Trim', ar: 'بالسفيفة', ma: 'بالسفيفة',
  fr: 'avec sfifa', es: 'con sfifa', de: 'mit Sfifa-Borte',
};
export const HAND_EMBROIDERY: Phrase = {
  en: 'with Hand Embroidery', ar: 'بالطرز اليدوي', ma: 'بالطرز ديال اليد',
  fr: 'à broderie main', es: 'con bordado a mano', de: 'mit Handstickerei',
};
export const AAKAD: Phrase = {
  en: 'with Aakad Buttons', ar: 'بالعقاد', ma: 'بالعقاد',
  fr: 'à boutons aakad', es: 'con botones aakad', de: 'mit Aakad-Knöpfen',
};
export const GOLD_THREAD: Phrase = {
  en: 'with Gold Thread', ar: 'بالخيط الذهبي', ma: 'بالصقلي',
  fr: 'au fil d’or', es: 'con hilo de oro', de: 'mit Goldfaden',
};
export const FASSI_EMBROIDERY: Phrase = {
  en: 'with Fassi Embroidery', ar: 'بالطرز الفاسي', ma: 'بالطرز الفاسي',
  fr: 'à broderie fassie', es: 'con bordado de Fez', de: 'mit Fès-Stickerei',
};
export const RBATI_EMBROIDERY: Phrase = {
  en: 'with Rbati Embroidery', ar: 'بالطرز الرباطي', ma: 'بالطرز الرباطي',
  fr: 'à broderie rbatie', es: 'con bordado de Rabat', de: 'mit Rabat-Stickerei',
};
export const PEARL_DETAILS: Phrase = {
  en: 'with Pearl Details', ar: 'بتفاصيل اللؤلؤ', ma: 'بلمسات ديال الجوهر',
  fr: 'à détails perlés', es: 'con detalles de perlas', de: 'mit Perlendetails',
};
export const ZELLIGE_PATTERN: Phrase = {
  en: 'with Zellige Pattern', ar: 'بنقشة الزليج', ma: 'برسمة الزليج',
  fr: 'à motif zellige', es: 'con motivo de zellige', de: 'mit Zellige-Muster',
};
export const MDAMA_BELT: Phrase = {
  en: 'with Mdama Belt', ar: 'بالمضمة', ma: 'بالمضمة',
  fr: 'avec ceinture mdama', es: 'con cinturón mdama', de: 'mit Mdama-Gürtel',
};
export const POINTED_HOOD: Phrase = {
  en: 'with Pointed Hood', ar: 'بالقب المدبب', ma: 'بقب مدبب',
  fr: 'à capuche pointue', es: 'con capucha puntiaguda', de: 'mit spitzer Kapuze',
};
export const MATCHING_TROUSERS: Phrase = {
  en: 'with Matching Trousers', ar: 'مع سروال متناسق', ma: 'مع السروال ديالو',
  fr: 'avec pantalon assorti', es: 'con pantalón a juego', de: 'mit passender Hose',
};
export const NECK_EMBROIDERY: Phrase = {
  en: 'with Neck Embroidery', ar: 'بطرز العنق', ma: 'بطرز فالعنق',
  fr: 'à encolure brodée', es: 'con cuello bordado', de: 'mit besticktem Ausschnitt',
};
export const SIDE_POCKETS: Phrase = {
  en: 'with Side Pockets', ar: 'بجيوب جانبية', ma: 'بجيوب فالجناب',
  fr: 'à poches latérales', es: 'con bolsillos laterales', de: 'mit Seitentaschen',
};
export const SILK_TASSELS: Phrase = {
  en: 'with Silk Tassels', ar: 'بشراشيب الحرير', ma: 'بشواشي ديال الحرير',
  fr: 'à pompons de soie', es: 'con borlas de seda', de: 'mit Seidenquasten',
};
export const ZELLIGE_PRINT: Phrase = {
  en: 'with Zellige Print', ar: 'بطبعة الزليج', ma: 'بطبعة ديال الزليج',
  fr: 'à imprimé zellige', es: 'con estampado de zellige', de: 'mit Zellige-Druck',
};
export const BELTED_WAIST: Phrase = {
  en: 'with Belted Waist', ar: 'بخصر محزم', ma: 'بسمطة فالوسط',
  fr: 'à taille ceinturée', es: 'con cintura ceñida', de: 'mit Taillengürtel',
};
export const EMBROIDERED_CUFFS: Phrase = {
  en: 'with Embroidered Cuffs', ar: 'بأكمام مطرزة', ma: 'بكمام مطرزين',
  fr: 'à poignets brodés', es: 'con puños bordados', de: 'mit bestickten Manschetten',
};
export const SOFT_LEATHER: Phrase = {
  en: 'in Soft Leather', ar: 'من الجلد الناعم', ma: 'من الجلد الرطب',
  fr: 'en cuir souple', es: 'de piel suave', de: 'aus weichem Leder',
};
export const POINTED_TOE: Phrase = {
  en: 'with Pointed Toe', ar: 'بمقدمة مدببة', ma: 'براس مدبب',
  fr: 'à bout pointu', es: 'de punta afilada', de: 'mit spitzer Kappe',
};
export const BRASS_BUCKLE: Phrase = {
  en: 'with Brass Buckle', ar: 'بإبزيم نحاسي', ma: 'ببوكلة ديال النحاس',
  fr: 'à boucle en laiton', es: 'con hebilla de latón', de: 'mit Messingschnalle',
};
export const TASSELS: Phrase = {
  en: 'with Tassels', ar: 'بالشراشيب', ma: 'بالشواشي',
  fr: 'à pompons', es: 'con borlas', de: 'mit Quasten',
};
export const CORAL_BEADS: Phrase = {
  en: 'with Coral Beads', ar: 'بحبات المرجان', ma: 'بحب المرجان',
  fr: 'à perles de corail', es: 'con cuentas de coral', de: 'mit Korallenperlen',
};
export const ENAMEL_INLAY: Phrase = {
  en: 'with Enamel Inlay', ar: 'بترصيع المينا', ma: 'بالمينا',
  fr: 'à incrustations d’émail', es: 'con incrustaciones de esmalte', de: 'mit Emaille-Einlagen',
};
export const AMBER_STONES: Phrase = {
  en: 'with Amber Stones', ar: 'بأحجار الكهرمان', ma: 'بحجر العنبر',
  fr: 'à pierres d’ambre', es: 'con piedras de ámbar', de: 'mit Bernsteinen',
};
