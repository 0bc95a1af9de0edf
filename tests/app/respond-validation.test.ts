import { describe, expect, it } from 'vitest';
import { canClose, canRespond, ownShopResponses } from '../../src/app/community/post-permissions';
import {
  EMPTY_RESPOND_DRAFT,
  RESPOND_ERROR_TEXT,
  RESPOND_REFUSAL_TEXT,
  respondRefusalKey,
  validateResponse,
  type RespondDraft,
} from '../../src/app/community/respond-validation';
import en from '../../src/app/i18n/locales/en/translation.json';

const good: RespondDraft = { message: '  I can embroider it in gold thread.  ', price: '1 250,50', deliveryDays: ' 21 ' };

describe('the seller’s offer form', () => {
  it('gives the respondToPost input for a valid draft', () => {
    expect(validateResponse(good)).toEqual({
      ok: true,
      input: { message: 'I can embroider it in gold thread.', price: 1250.5, delivery_days: 21 },
    });
  });

  it('says every missing field', () => {
    expect(validateResponse(EMPTY_RESPOND_DRAFT)).toEqual({
      ok: false,
      errors: { message: 'messageRequired', price: 'priceRequired', deliveryDays: 'deliveryRequired' },
    });
    expect(validateResponse({ ...good, message: ' \n ' })).toEqual({ ok: false, errors: { message: 'messageRequired' } });
  });

  it('keeps the message to 2000 characters (after trimming)', () => {
    expect(validateResponse({ ...good, message: `  ${'a'.repeat(2000)}  ` }).ok).toBe(true);
    expect(validateResponse({ ...good, message: 'a'.repeat(2001) })).toEqual({ ok: false, errors: { message: 'messageTooLong' } });
  });

  it('takes a price from 0 to 1,000,000 MAD with at most 2 decimals', () => {
    for (const price of ['0', '1000000', '99.9', '1 000 000,00']) expect(validateResponse({ ...good, price }).ok, price).toBe(true);
    for (const price of ['-5', '1000000.01', '12.345', 'abc', '1e3', '12,5,0']) {
      expect(validateResponse({ ...good, price }), price).toEqual({ ok: false, errors: { price: 'priceInvalid' } });
    }
  });

  it('takes a whole number of delivery days from 1 to 365', () => {
    for (const deliveryDays of ['1', '365']) expect(validateResponse({ ...good, deliveryDays }).ok, deliveryDays).toBe(true);
    for (const deliveryDays of ['0', '366', '1.5', '-3', 'two', '7 days']) {
      expect(validateResponse({ ...good, deliveryDays }), deliveryDays).toEqual({ ok: false, errors: { deliveryDays: 'deliveryInvalid' } });
    }
  });

  it('has the server’s texts in the English catalogue', () => {
    expect(RESPOND_ERROR_TEXT.messageRequired).toBe('The message field is required.');
    expect(RESPOND_ERROR_TEXT.messageTooLong).toBe('The message may not be greater than 2000 characters.');
    expect(RESPOND_ERROR_TEXT.priceRequired).toBe('The price field is required.');
    expect(RESPOND_ERROR_TEXT.deliveryRequired).toBe('The delivery days field is required.');
    expect(en.community.respond.errors).toEqual(RESPOND_ERROR_TEXT);
  });
});

describe('a refused offer', () => {
  it('is explained by its code with the contract’s texts', () => {
    const refused = (code: string) => Object.assign(new Error('refused'), { code });
    expect(respondRefusalKey(refused('SELLER_NOT_VERIFIED'))).toBe('SELLER_NOT_VERIFIED');
    expect(respondRefusalKey(refused('POST_NOT_OPEN'))).toBe('POST_NOT_OPEN');
    expect(respondRefusalKey(refused('RESPONSE_EXISTS'))).toBe('RESPONSE_EXISTS');
    expect(respondRefusalKey(refused('RESPONSE_OWN_POST'))).toBe('RESPONSE_OWN_POST');
    expect(respondRefusalKey(refused('VALIDATION'))).toBe('VALIDATION');
    expect(respondRefusalKey(refused('SOMETHING_ELSE'))).toBe('unknown');
    expect(respondRefusalKey(new Error('no code'))).toBe('unknown');
    expect(respondRefusalKey('a string')).toBe('unknown');
    expect(respondRefusalKey(null)).toBe('unknown');

    expect(RESPOND_REFUSAL_TEXT.SELLER_NOT_VERIFIED).toBe('Only verified sellers can respond to requests.');
    expect(RESPOND_REFUSAL_TEXT.POST_NOT_OPEN).toBe('This request is no longer open.');
    expect(RESPOND_REFUSAL_TEXT.RESPONSE_EXISTS).toBe('Your shop has already responded to this request.');
    expect(RESPOND_REFUSAL_TEXT.RESPONSE_OWN_POST).toBe('You cannot respond to your own request.');
    expect(RESPOND_REFUSAL_TEXT.POST_NOT_FOUND).toBe('Post not found');
    expect(en.community.respond.refusals).toEqual(RESPOND_REFUSAL_TEXT);
    expect(en.community.respond.notFound).toBe('Post not found');
  });
});

describe('who may act on a request', () => {
  const response = (shop_id: number, seller_user_id = 99) => ({ shop_id, seller_user_id, shop_name: `Shop ${shop_id}`, shop_slug: `shop-${shop_id}` });
  const post = (over: Partial<Parameters<typeof canClose>[0]> = {}) => ({
    user_id: 1,
    status: 'open' as const,
    local_state: 'confirmed' as const,
    responses: [] as ReturnType<typeof response>[],
    ...over,
  });
  const buyer = { id: 1, role: 'user' as const, shop: null };
  const seller = { id: 7, role: 'seller' as const, shop: { id: 30, slug: 'atelier', name: 'Atelier' } };

  it('lets the owner close an open or in-progress request the server has', () => {
    expect(canClose(post(), buyer)).toBe(true);
    expect(canClose(post({ status: 'in_progress' }), buyer)).toBe(true);
    expect(canClose(post({ status: 'closed' }), buyer)).toBe(false);
    expect(canClose(post({ local_state: 'queued' }), buyer)).toBe(false);
    expect(canClose(post(), seller)).toBe(false);
    expect(canClose(post(), null)).toBe(false);
  });

  it('lets a seller respond once, while the request is open, and not to their own', () => {
    expect(canRespond(post(), seller)).toBe(true);
    expect(canRespond(post({ responses: [response(31)] }), seller)).toBe(true);
    expect(canRespond(post({ responses: [response(30)] }), seller)).toBe(false);
    expect(canRespond(post({ status: 'in_progress' }), seller)).toBe(false);
    expect(canRespond(post({ status: 'closed' }), seller)).toBe(false);
    expect(canRespond(post({ user_id: 7 }), seller)).toBe(false);
    expect(canRespond(post(), { ...seller, shop: null })).toBe(false);
    expect(canRespond(post(), buyer)).toBe(false);
    expect(canRespond(post(), null)).toBe(false);
  });

  it('finds the seller’s own shop’s responses', () => {
    expect(ownShopResponses([response(31), response(30)], seller)).toEqual([response(30)]);
    expect(ownShopResponses([response(30)], buyer)).toEqual([]);
    expect(ownShopResponses([response(30)], null)).toEqual([]);
  });

  it('knows the seller’s response sent from this device before the pull names its shop', () => {
    const local = { shop_id: 0, seller_user_id: 7, shop_name: '', shop_slug: '' };
    expect(ownShopResponses([response(31), local], seller)).toEqual([{ shop_id: 30, seller_user_id: 7, shop_name: 'Atelier', shop_slug: 'atelier' }]);
    expect(canRespond(post({ responses: [local] }), seller)).toBe(false);
    // Another seller's unnamed response is not theirs.
    expect(ownShopResponses([{ ...local, seller_user_id: 8 }], seller)).toEqual([]);
    expect(canRespond(post({ responses: [{ ...local, seller_user_id: 8 }] }), seller)).toBe(true);
  });
});
