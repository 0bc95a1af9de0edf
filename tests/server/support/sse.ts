/** Reads a Server-Sent Events response: events (data lines parsed as JSON) and comment lines. */
export interface SseReader {
  /** Waits for the next frame that matches, failing after timeoutMs. */
  next(match?: (frame: SseFrame) => boolean, timeoutMs?: number): Promise<SseFrame>;
  close(): void;
}

export type SseFrame = { kind: 'data'; data: unknown } | { kind: 'comment'; text: string } | { kind: 'retry'; ms: number };

export function readSse(body: ReadableStream<Uint8Array>, abort: AbortController): SseReader {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const frames: SseFrame[] = [];
  let buffer = '';
  let done = false;
  const waiter: { wake: (() => void) | null } = { wake: null };

  void (async () => {
    try {
      for (;;) {
        const { value, done: finished } = await reader.read();
        if (finished) break;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const raw = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          for (const line of raw.split('\n')) {
            if (line.startsWith('data: ')) frames.push({ kind: 'data', data: JSON.parse(line.slice(6)) });
            else if (line.startsWith(':')) frames.push({ kind: 'comment', text: line.slice(1).trim() });
            else if (line.startsWith('retry: ')) frames.push({ kind: 'retry', ms: Number(line.slice(7)) });
          }
          waiter.wake?.();
        }
      }
    } catch {
      // aborted
    } finally {
      done = true;
      waiter.wake?.();
    }
  })();

  return {
    async next(match = () => true, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const i = frames.findIndex(match);
        if (i >= 0) return frames.splice(0, i + 1)[i] as SseFrame;
        if (done) throw new Error('stream ended before the expected frame');
        const left = deadline - Date.now();
        if (left <= 0) throw new Error('timed out waiting for an SSE frame');
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, left);
          waiter.wake = () => {
            clearTimeout(t);
            waiter.wake = null;
            resolve();
          };
        });
      }
    },
    close() {
      abort.abort();
    },
  };
}
