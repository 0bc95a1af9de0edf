/**
 * What the chat's connection line reads out (src/app/chat/connection-announce.ts): offline, unavailable and
 * connected again after a loss; never the connecting/reconnecting flips of the backoff, nor the first connection.
 */
import { describe, expect, it } from 'vitest';
import { announceConnection, initialAnnounce, type Announcement, type LineState } from '../../src/app/chat/connection-announce';

/** The status region's text after each state (starting in the first). */
function run(states: LineState[]): Announcement[] {
  let memo = initialAnnounce(states[0] ?? null);
  const out: Announcement[] = [memo.announcement];
  for (const state of states.slice(1)) {
    memo = announceConnection(memo, state);
    out.push(memo.announcement);
  }
  return out;
}

describe('announceConnection', () => {
  it('the first connection reads out nothing', () => {
    expect(run(['connecting', null])).toEqual([null, null]);
  });

  it('the backoff’s flips read out nothing; connected again after the loss does', () => {
    expect(run([null, 'error', 'connecting', 'error', 'connecting', 'error', 'connecting', null])).toEqual([null, null, null, null, null, null, null, 'restored']);
  });

  it('offline and unavailable are read out, once each, and what follows them when connected', () => {
    expect(run([null, 'offline', 'connecting', null])).toEqual([null, 'offline', 'offline', 'restored']);
    expect(run([null, 'error', 'connecting', 'error', 'disconnected', 'connecting', 'error', 'disconnected'])).toEqual([
      null,
      null,
      null,
      null,
      'disconnected',
      'disconnected',
      'disconnected',
      'disconnected',
    ]);
  });

  it('opened offline: offline is not read out at first, connected then is', () => {
    expect(run(['offline', 'connecting', null])).toEqual([null, null, 'restored']);
  });
});
