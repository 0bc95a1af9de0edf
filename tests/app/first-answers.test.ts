/**
 * A first visit's own answers (src/app/data/first-answers.ts, first-answer.ts; issue 25): which page asks for one,
 * in which language, and how the kept answer is handed over to useData and dropped once the live one comes.
 */
import { describe, expect, it, vi } from 'vitest';
import type { ProductDoc } from '../../src/domain/catalog';
import { documentLanguage, firstAnswerQuery } from '../../src/app/data/first-answer';
import { createFirstAnswers } from '../../src/app/data/first-answers';

describe('the query a first visit answers itself', () => {
  it("is a product page's product, with or without a language prefix", () => {
    expect(firstAnswerQuery('/products/42')).toEqual({ kind: 'product', id: '42' });
    expect(firstAnswerQuery('/fr/products/42')).toEqual({ kind: 'product', id: '42' });
    expect(firstAnswerQuery('/ma/products/7/')).toEqual({ kind: 'product', id: '7' });
  });

  it('is nothing for other pages and for ids the server cannot know', () => {
    for (const path of ['/', '/products', '/en/products', '/products/abc', '/products/42/reviews', '/xx/products/42', '/shops/42']) {
      expect(firstAnswerQuery(path), path).toBeNull();
    }
  });

  it("is keyed as useData keys the product page's query", () => {
    expect(JSON.stringify(firstAnswerQuery('/products/42'))).toBe(JSON.stringify({ kind: 'product', id: '42' }));
  });
});

describe("the page's language as boot.js set it", () => {
  const root = (lang: string) => ({ lang }) as HTMLElement;
  it("reads Darija's BCP 47 tag and the others as they are", () => {
    expect(documentLanguage(root('ar-MA'))).toBe('ma');
    expect(documentLanguage(root('fr'))).toBe('fr');
    expect(documentLanguage(root('ar'))).toBe('ar');
  });
  it('is undefined for anything else (the server then uses its default)', () => {
    expect(documentLanguage(root(''))).toBeUndefined();
    expect(documentLanguage(root('pt'))).toBeUndefined();
  });
});

describe('the kept answers', () => {
  const product = { id: '42' } as ProductDoc;
  const key = JSON.stringify({ kind: 'product', id: '42' });

  it("are kept under the query's key and tell their listeners, until forgotten", () => {
    const answers = createFirstAnswers();
    const listener = vi.fn();
    const stop = answers.subscribe(listener);
    expect(answers.get(key)).toBeUndefined();
    answers.provide({ kind: 'product', id: '42' }, product);
    expect(answers.get(key)).toBe(product);
    expect(listener).toHaveBeenCalledTimes(1);
    answers.forget(key);
    expect(answers.get(key)).toBeUndefined();
    expect(listener).toHaveBeenCalledTimes(2);
    answers.forget(key); // nothing kept: no news
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
    answers.provide({ kind: 'product', id: '42' }, product);
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
