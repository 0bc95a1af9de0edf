/** A help page shows its skeleton, and no heading, until the 'content' catalogue is ready. */
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { ContentPage } from '../../src/app/content/content-page';
import { count, renderPage } from './content-render';

const page = (ready: boolean) => () =>
  createElement(ContentPage, { id: 'faq', ready, title: 'Title', intro: 'Intro', children: createElement('p', null, 'Body') });

describe('help page frame', () => {
  it('is a skeleton while the catalogue loads', async () => {
    const html = await renderPage(page(false), 'en', '/faq');
    expect(html).toContain('data-testid="content-skeleton"');
    expect(count(html, /<h1\b/)).toBe(0);
    expect(html).not.toContain('Body');
  });

  it('is the page, with one h1 naming it, once ready', async () => {
    const html = await renderPage(page(true), 'en', '/faq');
    expect(html).not.toContain('content-skeleton');
    expect(html).toMatch(/<article[^>]*aria-labelledby="faq-title"/);
    expect(html).toMatch(/<h1 id="faq-title"[^>]*>Title<\/h1>/);
    expect(html).toContain('Body');
  });
});
