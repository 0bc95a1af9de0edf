/** The tailoring services' routes (issue 7), placed in the app's <Switch> by routes.tsx. */
import type { ReactNode } from 'react';

export const TAILORING_ROUTES: ReactNode[] = [];
