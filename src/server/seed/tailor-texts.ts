/**
 * The demo tailors' bios in the languages besides English (which stays in DEMO_TAILORS, seed-tailors.ts), by
 * slug, and the tailoring specialties' names in the six languages (the interface's wording, tailoring.json).
 */
import type { TextLanguage } from '../../domain/catalog-text';
import type { TailorSpecialty } from '../../domain/tailoring';

export const TAILOR_SPECIALTY_NAMES: Record<TailorSpecialty, Record<TextLanguage, string>> = {
  kaftan: { ma: 'قفطان', ar: 'قفطان', fr: 'Caftan', en: 'Kaftan', es: 'Caftán', de: 'Kaftan' },
  djellaba: { ma: 'جلابة', ar: 'جلابة', fr: 'Djellaba', en: 'Djellaba', es: 'Chilaba', de: 'Dschellaba' },
  takchita: { ma: 'تكشيطة', ar: 'تكشيطة', fr: 'Takchita', en: 'Takchita', es: 'Takchita', de: 'Takchita' },
  jabador: { ma: 'جابادور', ar: 'جابادور', fr: 'Jabador', en: 'Jabador', es: 'Jabador', de: 'Jabador' },
  suits: { ma: 'كسوات', ar: 'بدلات', fr: 'Costumes', en: 'Suits', es: 'Trajes', de: 'Anzüge' },
  alterations: { ma: 'تعديلات', ar: 'تعديلات', fr: 'Retouches', en: 'Alterations', es: 'Arreglos', de: 'Änderungen' },
};

export const TAILOR_BIOS: Readonly<Record<string, Record<Exclude<TextLanguage, 'en'>, string>>> = {
  'atelier-benjelloun-fes': {
    ma: 'تلاتة د الأجيال ديال السفيفة والعقاد بخدمة اليد، فقلب المدينة القديمة.',
    ar: 'ثلاثة أجيال من السفيفة وأزرار العقاد المخيطة يدويا في قلب المدينة العتيقة.',
    fr: 'Trois générations de sfifa et de boutons aakad cousus main, au cœur de la médina.',
    es: 'Tres generaciones de sfifa y botones aakad cosidos a mano en el corazón de la medina.',
    de: 'Drei Generationen handgenähter Sfifa-Borten und Aakad-Knöpfe im Herzen der Medina.',
  },
  'dar-lkhiyata-marrakech': {
    ma: 'قفاطن وجابادورات ديال المناسبات للعائلة كاملة، والتعديلات بالزربة فالبلاصة.',
    ar: 'قفاطين وجابادورات للمناسبات لكل العائلة، مع تعديلات سريعة في عين المكان.',
    fr: 'Caftans et jabadors de fête pour toute la famille, avec retouches rapides sur place.',
    es: 'Caftanes y jabadores de fiesta para toda la familia, con arreglos rápidos en el taller.',
    de: 'Festliche Kaftane und Jabadors für die ganze Familie, mit schnellen Änderungen vor Ort.',
  },
  'maison-alaoui-casablanca': {
    ma: 'كسوات على القد من الصوف الطلياني والمغربي، وجوج بروفات داخلين فالثمن.',
    ar: 'بدلات حسب المقاس من الصوف الإيطالي والمغربي، مع جلستي قياس مشمولتين.',
    fr: 'Costumes sur mesure en laine italienne et marocaine, deux essayages compris.',
    es: 'Trajes a medida en lana italiana y marroquí, con dos pruebas incluidas.',
    de: 'Maßanzüge aus italienischer und marokkanischer Wolle, zwei Anproben inklusive.',
  },
  'khayat-rabat': {
    ma: 'جلالب كلاسيكية وكسوات ديال المدينة. المحل مسدود دابا حيت كيتصلح.',
    ar: 'جلابيب كلاسيكية وبدلات للمدينة. المشغل مغلق حاليا للتجديد.',
    fr: 'Djellabas classiques et costumes de ville. L’atelier est fermé pour travaux pour le moment.',
    es: 'Chilabas clásicas y trajes de ciudad. El taller está cerrado por reformas de momento.',
    de: 'Klassische Dschellabas und Stadtanzüge. Die Werkstatt ist vorerst wegen Renovierung geschlossen.',
  },
  'atelier-tanja-tanger': {
    ma: 'تكاشط عصرية بالطرز الشمالي، للأعراس وليالي الحنة.',
    ar: 'تكاشط عصرية بتطريز شمالي، للأعراس وليالي الحناء.',
    fr: 'Takchitas modernes à broderie du Nord, pour les mariages et les soirées du henné.',
    es: 'Takchitas modernas con bordado del norte, para bodas y noches de henna.',
    de: 'Moderne Takchitas mit Stickerei aus dem Norden, für Hochzeiten und Henna-Abende.',
  },
  'dar-tetouan-couture': {
    ma: 'خياطة من التراث الأندلسي: قفاطن ديال الحرير وجابادورات نقيين من يد معلم كبير.',
    ar: 'خياطة من التراث الأندلسي: قفاطين حريرية وجابادورات رفيعة من صنع معلم كبير.',
    fr: 'Couture de tradition andalouse\u00a0: caftans en soie et jabadors raffinés, œuvre d’un grand maâlem.',
    es: 'Sastrería de tradición andalusí: caftanes de seda y jabadores finos de la mano de un maestro artesano.',
    de: 'Schneiderkunst andalusischer Tradition: Seidenkaftane und feine Jabadors von einem Meister seines Fachs.',
  },
  'souss-tailleur-agadir': {
    ma: 'تعديلات بالزربة وكسوات ديال الصيف خفاف من الكتان.',
    ar: 'تعديلات سريعة وبدلات صيفية خفيفة من الكتان.',
    fr: 'Retouches rapides et costumes d’été légers en lin.',
    es: 'Arreglos rápidos y trajes ligeros de verano en lino.',
    de: 'Schnelle Änderungen und leichte Sommeranzüge aus Leinen.',
  },
  'maalem-idrissi-meknes': {
    ma: 'جلالب منسوجين باليد من مكناس. ما كياخدش كوموندات جداد هاد الموسم.',
    ar: 'جلابيب منسوجة يدويا من مكناس. لا يقبل طلبات جديدة هذا الموسم.',
    fr: 'Djellabas tissées à la main à Meknès. Ne prend pas de nouvelles commandes cette saison.',
    es: 'Chilabas tejidas a mano en Mequinez. No acepta nuevos encargos esta temporada.',
    de: 'Handgewebte Dschellabas aus Meknès. Nimmt in dieser Saison keine neuen Aufträge an.',
  },
};
