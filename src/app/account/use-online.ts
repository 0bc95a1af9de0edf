/** The account pages' online hook is the app-wide one (ui/use-online.ts). */
export { useOnline } from '../ui/use-online';
