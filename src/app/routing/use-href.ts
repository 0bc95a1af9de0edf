import { useRouter } from 'wouter';

/** The full href of an in-app path (with the language prefix), for plain <a> such as new-tab links. */
export function useHref(path: string): string {
  return useRouter().base + path;
}
