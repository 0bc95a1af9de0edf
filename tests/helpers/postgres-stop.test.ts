/**
 * stop() of the throwaway PostgreSQL returns, also in a process that has nothing else to do. The reaper it waits
 * for was unref'd, so such a process (npm run bench) used to end inside `await stop()` with exit code 0 and never
 * ran what came next: the bench's load, checkout and chat sections printed nothing.
 */
import { spawnSync } from 'node:child_process';
import net from 'node:net';
import { describe, expect, it } from 'vitest';

const skip = process.env.SOUK_SKIP_PG === '1';

const SCRIPT = `
const { startPostgres } = await import(${JSON.stringify(new URL('./postgres.ts', import.meta.url).href)});
const pg = await startPostgres();
console.log('port ' + pg.port);
await pg.stop();
console.log('after stop');
`;

function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

describe.skipIf(skip)('the throwaway PostgreSQL', () => {
  it('stop() returns in a process with nothing else keeping it alive, and the cluster is down', async () => {
    const run = spawnSync(process.execPath, ['--import', import.meta.resolve('tsx'), '--input-type=module', '-e', SCRIPT], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.stdout).toContain('after stop');
    expect(run.status).toBe(0);
    const port = Number(/port (\d+)/.exec(run.stdout)?.[1]);
    expect(port).toBeGreaterThan(0);
    expect(await refusesConnections(port)).toBe(true);
  }, 90_000);
});
