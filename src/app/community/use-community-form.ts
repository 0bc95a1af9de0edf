/**
 * The state of a community form (a request, an offer): the draft, its field errors (codes), sending, the
 * failure text and the photos. `submit` checks the draft with `validate` first (nothing is sent when it fails),
 * then reads the photos as data URLs (so a write queued offline carries them, docs/COMMUNITY.md), sends, and
 * opens the post whose document id `send` resolves with.
 */
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { communityPostPath } from '../routing/paths';
import { useCommunityPhotos, withPhotos } from './community-photos';

type Check<I, E> = { ok: true; input: I } | { ok: false; errors: E };

interface Options<D, E, I> {
  empty: D;
  validate: (draft: D) => Check<I, E>;
  /** Sends the checked input (with `images_data` when photos were picked); resolves with the post to open. */
  send: (input: I & { images_data?: string[] }) => Promise<string>;
  /** The text for a send that failed. */
  failureText: (error: unknown) => string;
}

export function useCommunityForm<D extends object, E extends object, I extends object>({ empty, validate, send, failureText }: Options<D, E, I>) {
  const [, navigate] = useLocation();
  const [draft, setDraft] = useState<D>(empty);
  const [errors, setErrors] = useState<E>({} as E);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const photos = useCommunityPhotos();

  const set = <K extends keyof D>(key: K, value: D[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = validate(draft);
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    setErrors({} as E);
    setFailure(null);
    setSending(true);
    withPhotos(check.input, photos.images)
      .then(send)
      .then(
        (postId) => navigate(communityPostPath(postId), { replace: true }),
        (error: unknown) => {
          console.error('a community form could not be sent', error);
          setFailure(failureText(error));
          setSending(false);
        },
      );
  };

  return { draft, set, errors, sending, failure, photos, submit };
}
