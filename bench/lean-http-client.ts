/**
 * The fixed-rate bench's HTTP/1.1 client: keep-alive connections, one GET in flight on each, every response read
 * into one buffer allocated once (net's `onread`), so the load generator allocates next to nothing per response.
 *
 * Why not node:http: it hands each read to its parser as a new Buffer. The listing's page is 52 KB uncompressed,
 * so at 1,000 req/s the generator took in 52 MB/s of new external memory, and V8 answered that pressure with a
 * full mark-compact about every 100 ms (`--trace-gc` on the bench process). Each paused the generator for
 * 5–20 ms, during which answered responses sat unread and due requests unsent: the latencies it recorded had
 * bursts of 10–28 ms every ~100 ms, a p99 of 17–19 ms, while this client, sent the same requests by the same
 * process against the same server, alternating run by run, measured 2.4–4.8 ms. The bursts were the
 * generator's, not the server's.
 *
 * It reads what Souk and the bare route send: a status line, headers with Content-Length, and that many bytes of
 * body. A response without Content-Length (chunked) or with oversized headers fails the request and closes its
 * connection, as does a connection error or no answer (or no connection) within the timeout; a response with
 * Connection: close ends its connection.
 */
import net from 'node:net';

const READ_BUFFER_BYTES = 256 * 1024;
const MAX_HEADER_BYTES = 16 * 1024;
const HEADER_END = Buffer.from('\r\n\r\n', 'latin1');
const CONTENT_LENGTH = /\r\ncontent-length:[ \t]*(\d+)/i;
const CONNECTION_CLOSE = /\r\nconnection:[ \t]*close/i;

/** One read buffer for every connection: each read is handled before the next one can land in it. */
const readBuffer = Buffer.allocUnsafe(READ_BUFFER_BYTES);

/** What a request came to: the response's status, or 'error' (connection failed or closed, bad response, timeout). */
export type LeanResult = number | 'error';

class LeanConnection {
  readonly socket: net.Socket;
  closed = false;
  private readonly connected: Promise<boolean>;
  private readonly header = Buffer.allocUnsafe(MAX_HEADER_BYTES);
  private headerLength = 0;
  /** Body bytes still to come, or -1 while the headers are being read. */
  private bodyLeft = -1;
  private status = 0;
  /** The response said Connection: close: the connection ends with it. */
  private closing = false;
  private pending: ((result: LeanResult) => void) | null = null;

  constructor(
    host: string,
    port: number,
    private readonly timeoutMs: number,
    /** Counts every byte read, for the client's `bytesReceived`. */
    private readonly received: { bytes: number },
  ) {
    this.socket = net.connect({
      host,
      port,
      noDelay: true,
      onread: { buffer: readBuffer, callback: (bytes: number) => this.onRead(bytes) },
    });
    this.connected = new Promise((resolve) => {
      this.socket.once('connect', () => resolve(true));
      this.socket.once('close', () => resolve(false));
    });
    this.socket.on('error', () => {});
    // Armed from the start, so a connect that hangs fails too; disarmed while the connection is idle.
    this.socket.setTimeout(timeoutMs);
    this.socket.on('timeout', () => this.socket.destroy());
    this.socket.on('close', () => {
      this.closed = true;
      this.finish('error');
    });
  }

  /** Sends `request` (a whole GET) and answers with the response's status once all of its body has arrived. */
  async send(request: Buffer): Promise<LeanResult> {
    if (!(await this.connected) || this.closed) return 'error';
    this.headerLength = 0;
    this.bodyLeft = -1;
    this.socket.setTimeout(this.timeoutMs);
    return new Promise<LeanResult>((resolve) => {
      this.pending = resolve;
      this.socket.write(request);
    });
  }

  destroy(): void {
    this.socket.destroy();
  }

  private finish(result: LeanResult): void {
    const pending = this.pending;
    this.pending = null;
    if (this.closing) {
      // Closed before the caller sees the answer, so the connection never goes back to the idle ones.
      this.closed = true;
      this.socket.destroy();
    } else if (!this.closed) this.socket.setTimeout(0);
    pending?.(result);
  }

  private fail(): false {
    this.socket.destroy();
    return false;
  }

  /** net's onread callback: `bytes` new bytes at the start of the shared read buffer. */
  private onRead(bytes: number): boolean {
    if (!this.pending) return this.fail(); // bytes nobody asked for
    this.received.bytes += bytes;
    let bodyStart = 0;
    if (this.bodyLeft < 0) {
      const before = this.headerLength;
      const take = Math.min(bytes, MAX_HEADER_BYTES - before);
      readBuffer.copy(this.header, before, 0, take);
      this.headerLength += take;
      const end = this.header.subarray(0, this.headerLength).indexOf(HEADER_END, Math.max(0, before - 3));
      if (end < 0) return this.headerLength < MAX_HEADER_BYTES ? true : this.fail();
      const head = this.header.toString('latin1', 0, end);
      const length = CONTENT_LENGTH.exec(head);
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(head);
      if (!length || !status) return this.fail();
      this.status = Number(status[1]);
      this.bodyLeft = Number(length[1]);
      this.closing = CONNECTION_CLOSE.test(head);
      bodyStart = end + HEADER_END.length - before;
    }
    this.bodyLeft -= bytes - bodyStart;
    if (this.bodyLeft < 0) return this.fail(); // more bytes than the response announced
    if (this.bodyLeft === 0) this.finish(this.status);
    return true;
  }
}

/** Keep-alive connections to one origin; a GET goes out on an idle one, or on a new one when none is idle. */
export class LeanHttpClient {
  private readonly idle: LeanConnection[] = [];
  private readonly all = new Set<LeanConnection>();
  private readonly received = { bytes: 0 };
  private readonly host: string;
  private readonly port: number;

  constructor(origin: string, private readonly timeoutMs: number) {
    const url = new URL(origin);
    this.host = url.hostname;
    this.port = Number(url.port || 80);
  }

  /** The bytes of a GET of `path` (path and query) on this origin, with `headers` after its Host. */
  request(path: string, headers: Readonly<Record<string, string>> = {}): Buffer {
    const extra = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    return Buffer.from(`GET ${path} HTTP/1.1\r\nHost: ${this.host}:${this.port}\r\n${extra}\r\n`, 'latin1');
  }

  async get(request: Buffer): Promise<LeanResult> {
    let connection = this.idle.pop();
    while (connection?.closed) {
      this.all.delete(connection);
      connection = this.idle.pop();
    }
    if (!connection) {
      connection = new LeanConnection(this.host, this.port, this.timeoutMs, this.received);
      this.all.add(connection);
    }
    const result = await connection.send(request);
    if (connection.closed) this.all.delete(connection);
    else this.idle.push(connection);
    return result;
  }

  /** Bytes read so far on every connection, headers included. */
  get bytesReceived(): number {
    return this.received.bytes;
  }

  /** Connections open now (idle or busy). */
  get connections(): number {
    return [...this.all].filter((c) => !c.closed).length;
  }

  close(): void {
    for (const connection of this.all) connection.destroy();
    this.all.clear();
    this.idle.length = 0;
  }
}
