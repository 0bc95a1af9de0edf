/**
 * The sentence a demo product's description opens with, per garment kind, in the six languages. English and
 * Arabic are the seed's sentences from before issue 22. Written to agree with nothing (a kind holds nouns of
 * either gender). French puts a no-break space before a colon.
 */
import type { GarmentKind } from './category-data';
import type { Phrase } from './garment-words';

export const GARMENT_BLURBS: Record<GarmentKind, Phrase> = {
  kaftan: {
    en: 'A one-piece kaftan cut long and straight, lined and finished by hand.',
    ar: 'قفطان من قطعة واحدة بقصة طويلة ومستقيمة، مبطن ومنهى يدويا.',
    ma: 'قفطان طرف واحد، مفصل طويل ونيشان، مبطن ومسالي باليد.',
    fr: 'Un caftan d’une seule pièce, à la coupe longue et droite, doublé et fini à la main.',
    es: 'Un caftán de una sola pieza, de corte largo y recto, forrado y rematado a mano.',
    de: 'Ein einteiliger Kaftan, lang und gerade geschnitten, gefüttert und von Hand vollendet.',
  },
  takchita: {
    en: 'A layered takchita: an inner dress under a sheer overdress, cinched with a belt.',
    ar: 'تكشيطة بطبقتين: فستان داخلي تحت فوقية شفافة، مشدودة بحزام.',
    ma: 'تكشيطة بجوج طبقات: التحتية والفوقية الشفافة، مزيرة بالمضمة.',
    fr: 'Une takchita à deux couches\u00a0: une robe de dessous sous une robe de dessus transparente, cintrée par une ceinture.',
    es: 'Una takchita de dos capas: un vestido interior bajo un sobrevestido transparente, ceñida con un cinturón.',
    de: 'Eine zweilagige Takchita: ein Unterkleid unter einem durchscheinenden Überkleid, mit einem Gürtel tailliert.',
  },
  djellaba: {
    en: 'A long, loose djellaba with full sleeves and the traditional pointed hood.',
    ar: 'جلابة طويلة وفضفاضة بأكمام واسعة وقب تقليدي.',
    ma: 'جلابة طويلة وواسعة، بكمام عراض والقب البلدي.',
    fr: 'Une djellaba longue et ample, aux manches larges, avec la capuche pointue traditionnelle.',
    es: 'Una chilaba larga y holgada, de mangas anchas y con la tradicional capucha puntiaguda.',
    de: 'Eine lange, lockere Dschellaba mit weiten Ärmeln und der traditionellen spitzen Kapuze.',
  },
  jabador: {
    en: 'A jabador set: tunic, vest and trousers for Fridays and celebrations.',
    ar: 'طقم جابادور: قميص وصدرية وسروال للجمعة والمناسبات.',
    ma: 'طقم جابادور: قميجة وبدعية وسروال، للجمعة والمناسبات.',
    fr: 'Un ensemble jabador\u00a0: tunique, gilet et pantalon pour le vendredi et les fêtes.',
    es: 'Un conjunto jabador: túnica, chaleco y pantalón para los viernes y las celebraciones.',
    de: 'Ein Jabador-Set aus Tunika, Weste und Hose für den Freitag und festliche Anlässe.',
  },
  gandoura: {
    en: 'A sleeveless, airy gandoura for hot days at home or in the souk.',
    ar: 'قندورة خفيفة بلا أكمام للأيام الحارة في البيت أو في السوق.',
    ma: 'قندورة خفيفة بلا كمام لأيام السخانة، فالدار ولا فالسوق.',
    fr: 'Une gandoura légère et sans manches pour les jours de chaleur, à la maison ou au souk.',
    es: 'Una gandura ligera y sin mangas para los días de calor, en casa o en el zoco.',
    de: 'Eine ärmellose, luftige Gandoura für heiße Tage, zu Hause oder im Souk.',
  },
  selham: {
    en: 'A hooded wool cape worn over the djellaba.',
    ar: 'برنس صوفي بقب يلبس فوق الجلابة.',
    ma: 'سلهام ديال الصوف بالقب، كيتلبس فوق الجلابة.',
    fr: 'Une cape en laine à capuche, portée par-dessus la djellaba.',
    es: 'Una capa de lana con capucha que se lleva sobre la chilaba.',
    de: 'Ein Wollumhang mit Kapuze, der über der Dschellaba getragen wird.',
  },
  modern: {
    en: 'Everyday modern wear with a Moroccan accent, easy to layer.',
    ar: 'لباس عصري يومي بلمسة مغربية، سهل التنسيق.',
    ma: 'لبسة عصرية ديال كل نهار بلمسة مغربية، كتمشي مع كلشي.',
    fr: 'Une tenue moderne de tous les jours à la touche marocaine, facile à associer.',
    es: 'Ropa moderna para el día a día con un toque marroquí, fácil de combinar.',
    de: 'Moderne Alltagsmode mit marokkanischem Akzent, leicht zu kombinieren.',
  },
  shoes: {
    en: 'Hand-stitched leather soles and uppers, made in the souk workshops.',
    ar: 'نعل وجلد مخيط يدويا، مصنوع في ورشات السوق.',
    ma: 'النعل والجلد مخيطين باليد، من عند الصنايعية ديال السوق.',
    fr: 'Semelles et dessus en cuir cousus main, fabriqués dans les ateliers du souk.',
    es: 'Suelas y empeines de piel cosidos a mano, hechos en los talleres del zoco.',
    de: 'Von Hand genähte Sohlen und Schäfte aus Leder, aus den Werkstätten des Souks.',
  },
  accessories: {
    en: 'A finishing piece that goes with traditional and modern outfits alike.',
    ar: 'قطعة مكملة تناسب الأزياء التقليدية والعصرية.',
    ma: 'حاجة كتكمل اللبسة، كتمشي مع البلدي ومع العصري.',
    fr: 'La touche finale qui va aussi bien avec une tenue traditionnelle qu’avec une tenue moderne.',
    es: 'Un complemento que combina tanto con la ropa tradicional como con la moderna.',
    de: 'Ein Accessoire, das zu traditioneller wie zu moderner Kleidung passt.',
  },
  jewelry: {
    en: 'Cast and engraved by hand, polished to a soft antique shine.',
    ar: 'مصبوبة ومنقوشة يدويا، ومصقولة بلمعة عتيقة هادئة.',
    ma: 'الصب والنقش باليد، والتلميع بلمعة قديمة هادية.',
    fr: 'Coulage et gravure à la main, polissage jusqu’à un doux éclat ancien.',
    es: 'Fundición y grabado a mano, con un pulido de brillo suave y antiguo.',
    de: 'Von Hand gegossen und graviert, zu einem sanften, antiken Glanz poliert.',
  },
};
