/**
 * Reconciling the couriers' cash (docs/OPERATOR.md "COD remittances"): a courier remits the cash it collected on
 * delivery of COD orders; each remittance is set against the cash recorded as collected on its orders. The
 * difference (remitted − expected; negative when the courier is short) is the platform's to settle with the
 * courier: it appears on the reconciliation report only, never in a seller's ledger. Integer centimes.
 */

export interface RemittanceInput {
  /** What the courier handed over. */
  remittedCents: number;
  /** The cash recorded as collected on each order the remittance covers. */
  collectedCents: readonly number[];
}

export interface RemittanceBalance {
  expectedCents: number;
  remittedCents: number;
  /** remitted − expected: negative when the courier is short, positive when over. */
  differenceCents: number;
}

export function reconcileRemittance(input: RemittanceInput): RemittanceBalance {
  const expectedCents = input.collectedCents.reduce((sum, cents) => sum + cents, 0);
  return { expectedCents, remittedCents: input.remittedCents, differenceCents: input.remittedCents - expectedCents };
}

/** The report's totals: the sums over its remittances, and the cash collected and not remitted yet. */
export interface RemittanceTotals extends RemittanceBalance {
  notRemittedCents: number;
}

export function remittanceTotals(balances: readonly RemittanceBalance[], notRemittedCents: readonly number[]): RemittanceTotals {
  const sum = (pick: (b: RemittanceBalance) => number) => balances.reduce((s, b) => s + pick(b), 0);
  return {
    expectedCents: sum((b) => b.expectedCents),
    remittedCents: sum((b) => b.remittedCents),
    differenceCents: sum((b) => b.differenceCents),
    notRemittedCents: notRemittedCents.reduce((s, c) => s + c, 0),
  };
}

/** The order ids that occur more than once in `ids`, each once, in order of first repeat. */
export function repeatedIds(ids: readonly number[]): number[] {
  const seen = new Set<number>();
  const repeated = new Set<number>();
  for (const id of ids) {
    if (seen.has(id)) repeated.add(id);
    seen.add(id);
  }
  return [...repeated];
}
