/** The app's product card, as its test hook names it (src/app/products/product-card.tsx). */
export const CARD_SELECTOR = 'article[data-testid="product-card"]';
