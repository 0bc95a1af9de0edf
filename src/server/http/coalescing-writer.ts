/**
 * Writes to a stream without letting a reader that stops reading make the
 * server buffer without limit. While the stream is backed up (write() answered
 * false, no 'drain' yet), a keyed chunk only replaces the waiting chunk of its
 * key; on 'drain' the waiting chunks go out, oldest key first. For the change
 * stream a key is a collection: a client needs one poke per collection, since
 * it pulls from its own checkpoint, so the newest poke stands for all before it.
 */
import type { Writable } from 'node:stream';

export interface CoalescingWriter {
  /** Writes `chunk`; while the stream is backed up, a chunk with a key waits, replacing an older one of that key. */
  write(chunk: string, key?: string): void;
  /** Chunks waiting for 'drain' (at most one per key). */
  waiting(): number;
  /** Forgets waiting chunks and stops listening to the stream. */
  close(): void;
}

export function createCoalescingWriter(stream: Writable): CoalescingWriter {
  let backedUp = false;
  const waiting = new Map<string, string>();

  const flush = () => {
    backedUp = false;
    for (const [key, chunk] of waiting) {
      waiting.delete(key);
      if (!stream.write(chunk)) {
        backedUp = true;
        return;
      }
    }
  };
  stream.on('drain', flush);

  return {
    write(chunk, key) {
      if (backedUp && key !== undefined) {
        waiting.delete(key);
        waiting.set(key, chunk);
        return;
      }
      if (!stream.write(chunk)) backedUp = true;
    },
    waiting: () => waiting.size,
    close() {
      waiting.clear();
      stream.off('drain', flush);
    },
  };
}
