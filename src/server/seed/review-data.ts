/**
 * Demo buyers and the short review texts they leave (English mostly, some
 * Arabic and French), grouped by the star rating they fit.
 */

export interface BuyerSeed {
  first_name: string;
  last_name: string;
  /** The account's interface language (PREFERENCE_LANGUAGES). */
  language: 'ma' | 'ar' | 'fr' | 'en';
}

const FIRST_NAMES = [
  'Amina', 'Youssef', 'Fatima', 'Omar', 'Khadija', 'Mehdi', 'Salma', 'Hamza', 'Imane', 'Karim',
  'Nadia', 'Rachid', 'Leila', 'Anas', 'Zineb', 'Ilyas', 'Houda', 'Soufiane', 'Meryem', 'Adil',
  'Sara', 'Ayoub', 'Hajar', 'Reda', 'Ghita', 'Tarik', 'Loubna', 'Nabil', 'Chaimae', 'Othmane',
  'Claire', 'Julien',
] as const;

const LAST_NAMES = [
  'El Amrani', 'Benali', 'Tazi', 'Alaoui', 'Bennani', 'Chraibi', 'Idrissi', 'Fassi', 'Berrada', 'Ziani',
  'Lahlou', 'Kettani', 'Sqalli', 'Ouazzani', 'Naciri', 'Benjelloun', 'Mansouri', 'Haddad', 'Belkadi', 'Amrani',
  'Skalli', 'Tahiri', 'Bouzidi', 'Filali', 'Rami', 'Zerouali', 'Guessous', 'Slaoui', 'Bekkali', 'Cherkaoui',
  'Martin', 'Dubois',
] as const;

const LANGUAGES: readonly BuyerSeed['language'][] = ['ma', 'en', 'fr', 'ar'];

/** 32 demo buyers: buyer{n}@buyers.souk.test, n = index + 1. */
export const BUYERS: readonly BuyerSeed[] = FIRST_NAMES.map((first_name, i) => ({
  first_name,
  last_name: LAST_NAMES[(i * 7) % LAST_NAMES.length] as string,
  language: LANGUAGES[i % LANGUAGES.length] as BuyerSeed['language'],
}));

export interface ReviewText {
  title: string;
  content: string;
}

/** By rating (index 0 = 1 star … 4 = 5 stars); about one text in five is Arabic or French. */
export const REVIEW_TEXTS: readonly (readonly ReviewText[])[] = [
  [
    { title: 'Disappointed', content: 'The colour looked nothing like the photos and the seams came apart after one wash.' },
    { title: 'Not as described', content: 'The fabric is much thinner than described. I would not order again.' },
    { title: 'Wrong size sent', content: 'I received the wrong size and the shop took a week to answer.' },
    { title: 'مخيب للآمال', content: 'الجودة ضعيفة جدا والخياطة غير متقنة.' },
    { title: 'Déçue', content: 'Le tissu est de mauvaise qualité et la couleur a déteint au lavage.' },
  ],
  [
    { title: 'Below expectations', content: 'Nice design, but the stitching is loose in several places.' },
    { title: 'Runs very small', content: 'Order two sizes up; mine does not fit at all.' },
    { title: 'Slow delivery', content: 'It arrived two weeks late and the embroidery is simpler than in the pictures.' },
    { title: 'ليس كما في الصور', content: 'اللون مختلف قليلا والقماش خفيف.' },
    { title: 'Pas terrible', content: 'Les finitions laissent à désirer pour ce prix.' },
  ],
  [
    { title: 'Okay for the price', content: 'Decent quality, nothing special. The colour is a little darker than shown.' },
    { title: 'Average', content: 'Comfortable enough, but the fit around the shoulders is odd.' },
    { title: 'Mixed feelings', content: 'Beautiful embroidery, but the lining is thin.' },
    { title: 'مقبول', content: 'جودة متوسطة مقابل السعر، والتوصيل كان سريعا.' },
    { title: 'Correct', content: 'Correct pour le prix, sans plus. La taille est un peu grande.' },
  ],
  [
    { title: 'Very nice', content: 'Good fabric and careful stitching. Runs slightly large.' },
    { title: 'Happy with it', content: 'Looks great and arrived well packed. Took a few days longer than expected.' },
    { title: 'Good quality', content: 'Wore it to a family wedding and got many compliments.' },
    { title: 'Lovely colour', content: 'The colour is rich and the fabric breathes well in the heat.' },
    { title: 'جميل جدا', content: 'قماش جيد وخياطة متقنة، أنصح به.' },
    { title: 'Très bien', content: 'Belle qualité, conforme aux photos. Livraison un peu lente.' },
  ],
  [
    { title: 'Absolutely beautiful', content: 'Stunning craftsmanship, exactly like the photos. Fits perfectly.' },
    { title: 'Perfect for Eid', content: 'Wore it for Eid and everyone asked where it came from.' },
    { title: 'Excellent', content: 'Superb quality, fast delivery and the seller was very helpful.' },
    { title: 'Worth every dirham', content: 'The handwork is exquisite. I will order again from this shop.' },
    { title: 'Love it', content: 'Soft fabric, true to size and beautifully finished.' },
    { title: 'رائع', content: 'منتوج رائع وجودة عالية، شكرا للمحل.' },
    { title: 'ممتاز', content: 'مطابق للصور تماما والتوصيل سريع.' },
    { title: 'Magnifique', content: 'Travail artisanal superbe, taille parfaite. Je recommande vivement.' },
  ],
];
