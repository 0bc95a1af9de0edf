/** The static content pages' routes (issue 7), placed in the app's <Switch> by routes.tsx. */
import type { ReactNode } from 'react';

export const CONTENT_ROUTES: ReactNode[] = [];
