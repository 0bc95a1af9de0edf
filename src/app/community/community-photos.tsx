/**
 * The photos of a request or an offer (up to 5, JPG, PNG, GIF or WebP, 5 MB each): the picked files and their
 * problems (`useCommunityPhotos`), the picker with the community texts (`CommunityPhotosInput`), and the data
 * URLs a queued write carries (`withPhotos`: read when the form is sent, so a write queued offline keeps them).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readAsDataUrl, type ImageProblem } from '../ui/image-files';
import { ImagesInput } from '../ui/images-input';
import { POST_IMAGE_LIMITS } from './post-validation';

export interface CommunityPhotos {
  images: File[];
  problems: ImageProblem[];
  set: (images: File[], problems: ImageProblem[]) => void;
}

export function useCommunityPhotos(): CommunityPhotos {
  const [state, setState] = useState<{ images: File[]; problems: ImageProblem[] }>({ images: [], problems: [] });
  return { ...state, set: (images, problems) => setState({ images, problems }) };
}

/** The input with the photos as `images_data` (none: the input unchanged). */
export async function withPhotos<T extends object>(input: T, images: readonly File[]): Promise<T & { images_data?: string[] }> {
  const data = await Promise.all(images.map(readAsDataUrl));
  return data.length > 0 ? { ...input, images_data: data } : input;
}

export function CommunityPhotosInput({ photos, disabled, testId }: { photos: CommunityPhotos; disabled: boolean; testId: string }) {
  const { t } = useTranslation();
  return (
    <ImagesInput
      images={photos.images}
      problems={photos.problems}
      limits={POST_IMAGE_LIMITS}
      disabled={disabled}
      data-testid={testId}
      texts={{
        label: t('community.form.images'),
        problem: (p) => t(`community.images.${p}`),
        preview: (n) => t('community.form.preview', { n }),
        remove: (n) => t('community.form.removeImage', { n }),
      }}
      onChange={photos.set}
    />
  );
}
