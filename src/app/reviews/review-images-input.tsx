/** Up to 5 review photos of at most 2 MB (ui/images-input.tsx with the review texts and limits). */
import { useTranslation } from 'react-i18next';
import { ImagesInput } from '../ui/images-input';
import { REVIEW_IMAGE_LIMITS, type ImageProblem } from './review-validation';

interface Props {
  images: File[];
  problems: ImageProblem[];
  onChange: (images: File[], problems: ImageProblem[]) => void;
  disabled?: boolean;
}

export function ReviewImagesInput(props: Props) {
  const { t } = useTranslation();
  return (
    <ImagesInput
      {...props}
      limits={REVIEW_IMAGE_LIMITS}
      texts={{
        label: t('reviews.form.images'),
        problem: (p) => t(`reviews.images.${p}`),
        preview: (n) => t('reviews.form.preview', { n }),
        remove: (n) => t('reviews.form.removeImage', { n }),
      }}
    />
  );
}
