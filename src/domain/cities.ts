/**
 * Cities the checkout's "Detect my location" can recognise, bundled so it
 * works offline: Morocco's larger cities (well over the 40 largest, by the
 * 2014 census, plus regional capitals and main tourist towns) and the
 * capitals and main cities of the other six countries offered (spec §9).
 *
 * - `region` is the 2015 region (Morocco) or province / emirate / governorate, used as the form's
 *   state or region; `region_ar` its Arabic name.
 * - `postal_code` is the city's main (central post office) code: 5 digits in Morocco. Gulf
 *   countries without postal codes (AE, QA) and cities whose codes vary by block (BH) have ''.
 * - Coordinates are the city centre, in decimal degrees (WGS 84).
 *
 * Pure data and a haversine search; no I/O.
 */
import type { Country } from './account';

export interface City {
  name: string;
  name_ar: string;
  region: string;
  region_ar: string;
  country: Country;
  postal_code: string;
  lat: number;
  lon: number;
}

/** Beyond this distance from every known city, a position is not matched to one. */
export const NEAREST_CITY_MAX_KM = 300;

const R = {
  TTA: ['Tanger-Tétouan-Al Hoceïma', 'طنجة تطوان الحسيمة'],
  ORI: ["L'Oriental", 'الشرق'],
  FM: ['Fès-Meknès', 'فاس مكناس'],
  RSK: ['Rabat-Salé-Kénitra', 'الرباط سلا القنيطرة'],
  BMK: ['Béni Mellal-Khénifra', 'بني ملال خنيفرة'],
  CS: ['Casablanca-Settat', 'الدار البيضاء سطات'],
  MS: ['Marrakech-Safi', 'مراكش آسفي'],
  DT: ['Drâa-Tafilalet', 'درعة تافيلالت'],
  SM: ['Souss-Massa', 'سوس ماسة'],
  GON: ['Guelmim-Oued Noun', 'كلميم واد نون'],
  LSH: ['Laâyoune-Sakia El Hamra', 'العيون الساقية الحمراء'],
  DOD: ['Dakhla-Oued Ed-Dahab', 'الداخلة وادي الذهب'],
} as const;

type Row = readonly [name: string, nameAr: string, region: readonly [string, string], postal: string, lat: number, lon: number];

const city =
  (country: Country) =>
  ([name, name_ar, [region, region_ar], postal_code, lat, lon]: Row): City => ({
    name,
    name_ar,
    region,
    region_ar,
    country,
    postal_code,
    lat,
    lon,
  });

/** Moroccan cities, largest first. */
const MOROCCO: readonly Row[] = [
  ['Casablanca', 'الدار البيضاء', R.CS, '20000', 33.5731, -7.5898],
  ['Fès', 'فاس', R.FM, '30000', 34.0181, -5.0078],
  ['Tanger', 'طنجة', R.TTA, '90000', 35.7595, -5.834],
  ['Marrakech', 'مراكش', R.MS, '40000', 31.6295, -7.9811],
  ['Salé', 'سلا', R.RSK, '11000', 34.0531, -6.7985],
  ['Meknès', 'مكناس', R.FM, '50000', 33.8935, -5.5473],
  ['Rabat', 'الرباط', R.RSK, '10000', 34.0209, -6.8416],
  ['Oujda', 'وجدة', R.ORI, '60000', 34.6814, -1.9086],
  ['Kénitra', 'القنيطرة', R.RSK, '14000', 34.261, -6.5802],
  ['Agadir', 'أكادير', R.SM, '80000', 30.4278, -9.5981],
  ['Tétouan', 'تطوان', R.TTA, '93000', 35.5889, -5.3626],
  ['Témara', 'تمارة', R.RSK, '12000', 33.9287, -6.9063],
  ['Safi', 'آسفي', R.MS, '46000', 32.2994, -9.2372],
  ['Mohammedia', 'المحمدية', R.CS, '28800', 33.6861, -7.3829],
  ['Khouribga', 'خريبكة', R.BMK, '25000', 32.8811, -6.9063],
  ['El Jadida', 'الجديدة', R.CS, '24000', 33.2316, -8.5007],
  ['Béni Mellal', 'بني ملال', R.BMK, '23000', 32.3373, -6.3498],
  ['Aït Melloul', 'أيت ملول', R.SM, '86150', 30.3342, -9.4972],
  ['Nador', 'الناظور', R.ORI, '62000', 35.1681, -2.9335],
  ['Taza', 'تازة', R.FM, '35000', 34.21, -4.01],
  ['Settat', 'سطات', R.CS, '26000', 33.001, -7.6166],
  ['Berrechid', 'برشيد', R.CS, '26100', 33.2655, -7.5875],
  ['Khémisset', 'الخميسات', R.RSK, '15000', 33.824, -6.066],
  ['Inezgane', 'إنزكان', R.SM, '86350', 30.355, -9.537],
  ['Ksar El Kébir', 'القصر الكبير', R.TTA, '92150', 35.0017, -5.909],
  ['Larache', 'العرائش', R.TTA, '92000', 35.1932, -6.1557],
  ['Guelmim', 'كلميم', R.GON, '81000', 28.987, -10.0574],
  ['Khénifra', 'خنيفرة', R.BMK, '54000', 32.9394, -5.6675],
  ['Berkane', 'بركان', R.ORI, '60300', 34.92, -2.32],
  ['Taourirt', 'تاوريرت', R.ORI, '65800', 34.4073, -2.8973],
  ['Fquih Ben Salah', 'الفقيه بن صالح', R.BMK, '23200', 32.502, -6.69],
  ['Oued Zem', 'وادي زم', R.BMK, '25350', 32.863, -6.573],
  ['El Kelaa des Sraghna', 'قلعة السراغنة', R.MS, '43000', 32.0481, -7.4083],
  ['Sidi Slimane', 'سيدي سليمان', R.RSK, '14200', 34.2646, -5.925],
  ['Errachidia', 'الراشيدية', R.DT, '52000', 31.9314, -4.4244],
  ['Guercif', 'جرسيف', R.ORI, '35100', 34.225, -3.353],
  ['Ouarzazate', 'ورزازات', R.DT, '45000', 30.9335, -6.937],
  ['Laâyoune', 'العيون', R.LSH, '70000', 27.1253, -13.1625],
  ['Sidi Kacem', 'سيدي قاسم', R.RSK, '16000', 34.226, -5.708],
  ['Essaouira', 'الصويرة', R.MS, '44000', 31.5085, -9.7595],
  ['Tiznit', 'تيزنيت', R.SM, '85000', 29.6974, -9.7316],
  ['Taroudant', 'تارودانت', R.SM, '83000', 30.47, -8.877],
  ['Tiflet', 'تيفلت', R.RSK, '15400', 33.894, -6.306],
  ['Ben Guerir', 'ابن جرير', R.MS, '43150', 32.236, -7.954],
  ['Sefrou', 'صفرو', R.FM, '31000', 33.8305, -4.8353],
  ['Dakhla', 'الداخلة', R.DOD, '73000', 23.6848, -15.957],
  ['Al Hoceïma', 'الحسيمة', R.TTA, '32000', 35.2517, -3.9372],
  ['Ouazzane', 'وزان', R.TTA, '16200', 34.797, -5.583],
  ['Youssoufia', 'اليوسفية', R.MS, '46300', 32.246, -8.529],
  ['Sidi Bennour', 'سيدي بنور', R.CS, '24350', 32.65, -8.43],
  ['Tan-Tan', 'طانطان', R.GON, '82000', 28.438, -11.103],
  ['Midelt', 'ميدلت', R.DT, '54350', 32.6852, -4.7451],
  ['Azrou', 'أزرو', R.FM, '53100', 33.434, -5.221],
  ['Ifrane', 'إفران', R.FM, '53000', 33.5228, -5.11],
  ['Chefchaouen', 'شفشاون', R.TTA, '91000', 35.1688, -5.2636],
  ['Fnideq', 'الفنيدق', R.TTA, '93100', 35.849, -5.357],
  ['M’diq', 'المضيق', R.TTA, '93200', 35.6859, -5.3254],
  ['Martil', 'مرتيل', R.TTA, '93150', 35.6167, -5.275],
  ['Skhirat', 'الصخيرات', R.RSK, '12050', 33.852, -7.031],
  ['Benslimane', 'بنسليمان', R.CS, '13000', 33.618, -7.121],
  ['Zagora', 'زاكورة', R.DT, '47900', 30.3324, -5.8384],
  ['Tinghir', 'تنغير', R.DT, '45800', 31.5147, -5.5328],
  ['Smara', 'السمارة', R.LSH, '72000', 26.7384, -11.6719],
  ['Boujdour', 'بوجدور', R.LSH, '71000', 26.1258, -14.4847],
];

const SA = {
  RIY: ['Riyadh Province', 'منطقة الرياض'],
  MAK: ['Makkah Province', 'منطقة مكة المكرمة'],
  MED: ['Madinah Province', 'منطقة المدينة المنورة'],
  EAS: ['Eastern Province', 'المنطقة الشرقية'],
  ASI: ['Asir Province', 'منطقة عسير'],
  TAB: ['Tabuk Province', 'منطقة تبوك'],
} as const;

const GULF: readonly [Country, Row][] = [
  ['SA', ['Riyadh', 'الرياض', SA.RIY, '11564', 24.7136, 46.6753]],
  ['SA', ['Jeddah', 'جدة', SA.MAK, '21442', 21.4858, 39.1925]],
  ['SA', ['Mecca', 'مكة المكرمة', SA.MAK, '24231', 21.3891, 39.8579]],
  ['SA', ['Medina', 'المدينة المنورة', SA.MED, '42311', 24.5247, 39.5692]],
  ['SA', ['Dammam', 'الدمام', SA.EAS, '32241', 26.4207, 50.0888]],
  ['SA', ['Abha', 'أبها', SA.ASI, '62521', 18.2164, 42.5053]],
  ['SA', ['Tabuk', 'تبوك', SA.TAB, '47911', 28.3835, 36.5662]],
  ['AE', ['Abu Dhabi', 'أبو ظبي', ['Abu Dhabi', 'أبو ظبي'], '', 24.4539, 54.3773]],
  ['AE', ['Dubai', 'دبي', ['Dubai', 'دبي'], '', 25.2048, 55.2708]],
  ['AE', ['Sharjah', 'الشارقة', ['Sharjah', 'الشارقة'], '', 25.3463, 55.4209]],
  ['AE', ['Al Ain', 'العين', ['Abu Dhabi', 'أبو ظبي'], '', 24.2075, 55.7447]],
  ['QA', ['Doha', 'الدوحة', ['Doha', 'الدوحة'], '', 25.2854, 51.531]],
  ['KW', ['Kuwait City', 'مدينة الكويت', ['Capital Governorate', 'محافظة العاصمة'], '13001', 29.3759, 47.9774]],
  ['BH', ['Manama', 'المنامة', ['Capital Governorate', 'محافظة العاصمة'], '', 26.2285, 50.586]],
  ['OM', ['Muscat', 'مسقط', ['Muscat Governorate', 'محافظة مسقط'], '113', 23.588, 58.3829]],
  ['OM', ['Salalah', 'صلالة', ['Dhofar Governorate', 'محافظة ظفار'], '211', 17.0151, 54.0924]],
  ['OM', ['Sohar', 'صحار', ['North Al Batinah Governorate', 'محافظة شمال الباطنة'], '311', 24.3474, 56.7097]],
];

export const CITIES: readonly City[] = [...MOROCCO.map(city('MA')), ...GULF.map(([country, row]) => city(country)(row))];

const EARTH_RADIUS_KM = 6371.0088;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in km (haversine, mean Earth radius). */
export function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = rad(lat2 - lat1);
  const dLon = rad(lon2 - lon1);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

export interface NearestCity {
  city: City;
  distanceKm: number;
}

/** The known city closest to a position, or null when none is within NEAREST_CITY_MAX_KM (or the position is not a number). */
export function nearestCity(lat: number, lon: number, cities: readonly City[] = CITIES): NearestCity | null {
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  let best: NearestCity | null = null;
  for (const c of cities) {
    const distanceKm = haversineKm(lat, lon, c.lat, c.lon);
    if (best === null || distanceKm < best.distanceKm) best = { city: c, distanceKm };
  }
  return best !== null && best.distanceKm <= NEAREST_CITY_MAX_KM ? best : null;
}
