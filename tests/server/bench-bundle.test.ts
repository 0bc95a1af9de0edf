/** The bundle bench reads the first route's scripts from index.html: the entry and what it preloads, nothing else. */
import { describe, expect, it } from 'vitest';
import { firstRouteScripts } from '../../bench/bundle';

describe('firstRouteScripts', () => {
  it('takes the module entry and the modulepreload chunks, not classic scripts or stylesheets', () => {
    const html = `<script src="/boot.js"></script>
    <script type="module" crossorigin src="/assets/index-A.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/paths-B.js">
    <link rel="modulepreload" crossorigin href="/assets/xstate-C.js">
    <link rel="stylesheet" crossorigin href="/assets/index-D.css">
    <link rel="manifest" href="/manifest.webmanifest">`;
    expect(firstRouteScripts(html)).toEqual(['assets/index-A.js', 'assets/paths-B.js', 'assets/xstate-C.js']);
  });
});
