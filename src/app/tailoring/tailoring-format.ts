/** Tailoring texts that are numbers and dates in the interface language (docs/TAILORING.md). */
import { formatMAD } from '../../domain/money';
import { SERVICE_PRICE_FROM, type TailoringService } from '../../domain/tailoring';
import { formatOrderDate } from '../orders/order-format';

/** A service's 'from' price (spec §9), e.g. "MAD 599.00" / "599,00 MAD". */
export const servicePrice = (service: TailoringService, language: string): string => formatMAD(SERVICE_PRICE_FROM[service], language);

/** A booking's calendar date (YYYY-MM-DD, Morocco's day) as a date in the language, read at noon UTC so no zone moves it. */
export const formatBookingDate = (date: string, language: string): string => formatOrderDate(Date.parse(`${date}T12:00:00Z`), language);
