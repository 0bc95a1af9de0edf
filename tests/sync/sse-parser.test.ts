/** The SSE parser gives the same messages however the bytes are chunked, for every line ending. */
import { describe, expect, it } from 'vitest';
import { SseParser, type SseMessage } from '../../src/sync/transport/sse-parser';

const STREAM = [
  'retry: 3000',
  '',
  'data: {"v":1,"type":"hello","serverTime":1}',
  '',
  ': heartbeat 123',
  '',
  'event: custom',
  'id: 7',
  'data: line one',
  'data:line two',
  'data',
  '',
  'data: {"v":1,"type":"changed","collection":"products","checkpoint":{"updatedAt":5,"id":"12"}}',
  '',
  'data: no blank line yet',
];

const EXPECTED: SseMessage[] = [
  { event: '', data: '', id: null, retry: 3000 },
  { event: 'message', data: '{"v":1,"type":"hello","serverTime":1}', id: null, retry: null },
  { event: 'custom', data: 'line one\nline two\n', id: '7', retry: null },
  {
    event: 'message',
    data: '{"v":1,"type":"changed","collection":"products","checkpoint":{"updatedAt":5,"id":"12"}}',
    id: '7',
    retry: null,
  },
];

function parseInChunks(text: string, sizes: (i: number) => number): SseMessage[] {
  const p = new SseParser();
  const out: SseMessage[] = [];
  for (let i = 0, k = 0; i < text.length; k++) {
    const n = Math.max(1, sizes(k));
    out.push(...p.push(text.slice(i, i + n)));
    i += n;
  }
  return out;
}

describe('SseParser', () => {
  for (const [name, eol] of [
    ['LF', '\n'],
    ['CRLF', '\r\n'],
    ['CR', '\r'],
  ] as const) {
    it(`${name}: whole, byte by byte, and in every split of two`, () => {
      const text = '\uFEFF' + STREAM.join(eol);
      expect(parseInChunks(text, () => text.length)).toEqual(EXPECTED);
      expect(parseInChunks(text, () => 1)).toEqual(EXPECTED);
      for (let cut = 1; cut < text.length; cut++) {
        expect(parseInChunks(text, (k) => (k === 0 ? cut : text.length)), `cut at ${cut}`).toEqual(EXPECTED);
      }
    });
  }

  it('keeps an incomplete message until its blank line arrives', () => {
    const p = new SseParser();
    expect(p.push('data: a\n')).toEqual([]);
    expect(p.push('\n')).toEqual([{ event: 'message', data: 'a', id: null, retry: null }]);
  });

  it('ignores unknown fields and a retry that is not a number', () => {
    const p = new SseParser();
    expect(p.push('foo: bar\nretry: soon\ndata: x\n\n')).toEqual([{ event: 'message', data: 'x', id: null, retry: null }]);
  });
});
