/** A tailor's availability as words on a badge (the colour only repeats what the text says). */
import { useTranslation } from 'react-i18next';
import type { TailorAvailability } from '../../domain/tailoring';
import { badge } from '../theme/recipes.css';

const TONE = { available: 'express', busy: 'highlight', unavailable: 'neutral' } as const;

export function AvailabilityBadge({ availability }: { availability: TailorAvailability }) {
  const { t } = useTranslation('tailoring');
  return (
    <span className={badge({ tone: TONE[availability] })} data-testid="tailor-availability" data-availability={availability}>
      {t(`availability.${availability}`)}
    </span>
  );
}
