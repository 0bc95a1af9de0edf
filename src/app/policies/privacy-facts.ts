/**
 * The facts the privacy policy states (spec §1, §9), taken from the constants the app itself runs on,
 * so the text cannot drift from the behaviour: the minimum age, and how long each cookie lasts.
 */
import { LOGIN_COOKIE_LIFETIME_MS, XSRF_COOKIE_LIFETIME_S } from '../../domain/account';
import { DETECTION_OPTIONS } from '../i18n/detection';
import { THEME_COOKIE_DAYS } from '../theme/theme-preference';

/** Souk is not for children under this age. */
export const MINIMUM_AGE = 16;

/** The day the privacy policy and the terms were last changed (ISO date, UTC). */
export const POLICIES_UPDATED_ON = '2026-11-21';

const DAY_MS = 24 * 60 * 60 * 1000;
const DAY_MINUTES = 24 * 60;

export const LOGIN_COOKIE_DAYS = LOGIN_COOKIE_LIFETIME_MS / DAY_MS;
export const SECURITY_COOKIE_HOURS = XSRF_COOKIE_LIFETIME_S / 3600;
export const LANGUAGE_COOKIE_DAYS = (DETECTION_OPTIONS.cookieMinutes ?? 0) / DAY_MINUTES;
export { THEME_COOKIE_DAYS };
