/** The subset of fetch the transport uses; injectable so tests can break the network. */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** Links an abort signal to a fresh controller that also aborts after timeoutMs. */
export function timeoutController(abort: AbortSignal | undefined, timeoutMs: number) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException('Timed out', 'TimeoutError'));
  }, timeoutMs);
  const onAbort = () => controller.abort(abort?.reason);
  if (abort?.aborted) onAbort();
  else abort?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    dispose() {
      clearTimeout(timer);
      abort?.removeEventListener('abort', onAbort);
    },
  };
}
