/**
 * Incremental parser of text/event-stream (the HTML "server-sent events"
 * format): feed decoded text in any chunking, get complete messages out.
 * Lines end in LF, CRLF or CR; ':' lines are comments (heartbeats); the
 * `data` lines of one message are joined with LF; a blank line dispatches.
 */
export interface SseMessage {
  event: string;
  data: string;
  id: string | null;
  /** A `retry:` field in this message (reconnection time hint, ms). */
  retry: number | null;
}

export class SseParser {
  private buffer = '';
  private data: string[] = [];
  private event = '';
  private id: string | null = null;
  private retry: number | null = null;
  private sawCR = false;
  private started = false;

  /** Feeds decoded text; returns the messages completed by it. */
  push(chunk: string): SseMessage[] {
    let text = chunk;
    if (!this.started && text.length > 0) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    // A CR at the end of the previous chunk followed by LF here is one line break.
    if (this.sawCR && text.startsWith('\n')) text = text.slice(1);
    this.sawCR = false;
    this.buffer += text;
    const out: SseMessage[] = [];
    let start = 0;
    for (let i = 0; i < this.buffer.length; i++) {
      const c = this.buffer.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      const line = this.buffer.slice(start, i);
      if (c === 13) {
        if (i + 1 < this.buffer.length) {
          if (this.buffer.charCodeAt(i + 1) === 10) i++;
        } else {
          this.sawCR = true;
        }
      }
      start = i + 1;
      const msg = this.line(line);
      if (msg) out.push(msg);
    }
    this.buffer = this.buffer.slice(start);
    return out;
  }

  private line(line: string): SseMessage | null {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'data':
        this.data.push(value);
        break;
      case 'event':
        this.event = value;
        break;
      case 'id':
        if (!value.includes('\0')) this.id = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) this.retry = Number(value);
        break;
      default:
        break;
    }
    return null;
  }

  private dispatch(): SseMessage | null {
    const retry = this.retry;
    this.retry = null;
    if (this.data.length === 0) {
      this.event = '';
      return retry === null ? null : { event: '', data: '', id: this.id, retry };
    }
    const msg: SseMessage = { event: this.event || 'message', data: this.data.join('\n'), id: this.id, retry };
    this.data = [];
    this.event = '';
    return msg;
  }
}
