import { describe, expect, it } from 'vitest';
import { brokerFeeMessages, brokerFeeWording, isNoFee, type BrokerFeeFacts } from './broker-fee.js';
import { formatMessage } from './i18n/messages.js';

const rental = (fee: Partial<BrokerFeeFacts>): BrokerFeeFacts => ({
  listingType: 'FOR_RENT',
  brokerFee: null,
  brokerFeePayer: null,
  ...fee,
});

/** The words a screen shows, in English (the page's language in a unit test). */
const words = (l: BrokerFeeFacts) => {
  const w = brokerFeeWording(l);
  return w && { kind: w.kind, text: formatMessage(w.message, w.values), noFee: w.noFee };
};

describe('a listing’s broker fee in words (issue 52 item 5)', () => {
  it('no fee: the tenant pays none, with the No fee badge', () => {
    expect(words(rental({ brokerFeePayer: 'NO_FEE' }))).toEqual({ kind: 'NO_FEE', text: 'No fee', noFee: true });
    // A fee left over from before 'No fee' was chosen is not charged (the input drops it too).
    expect(words(rental({ brokerFeePayer: 'NO_FEE', brokerFee: 3000 }))).toEqual({ kind: 'NO_FEE', text: 'No fee', noFee: true });
  });

  it('the tenant pays: the amount and who pays it, without the badge', () => {
    expect(words(rental({ brokerFeePayer: 'TENANT', brokerFee: 4550 }))).toEqual({
      kind: 'TENANT_PAYS',
      text: '$4,550 (Tenant pays)',
      noFee: false,
    });
    expect(brokerFeeWording(rental({ brokerFeePayer: 'TENANT', brokerFee: 4550 }))?.values).toEqual({ amount: '$4,550' });
  });

  it('the tenant was said to pay a fee of 0 or none: no fee', () => {
    expect(words(rental({ brokerFeePayer: 'TENANT', brokerFee: 0 }))).toEqual({ kind: 'NO_FEE', text: 'No fee', noFee: true });
    expect(words(rental({ brokerFeePayer: 'TENANT', brokerFee: null }))).toEqual({ kind: 'NO_FEE', text: 'No fee', noFee: true });
  });

  it('the landlord (the owner) pays: it says so, and the tenant sees the No fee badge', () => {
    expect(words(rental({ brokerFeePayer: 'LANDLORD', brokerFee: 4550 }))).toEqual({
      kind: 'LANDLORD_PAYS',
      text: 'Landlord pays',
      noFee: true,
    });
    expect(words(rental({ brokerFeePayer: 'LANDLORD' }))?.text).toBe('Landlord pays');
  });

  it('unknown (a draft where nobody said who pays): not charged to the tenant, so no fee', () => {
    expect(words(rental({}))).toEqual({ kind: 'NO_FEE', text: 'No fee', noFee: true });
    expect(words(rental({ brokerFee: 2700 }))).toEqual({ kind: 'NO_FEE', text: 'No fee', noFee: true });
    expect(words(rental({ brokerFee: undefined, brokerFeePayer: undefined }))?.kind).toBe('NO_FEE');
  });

  it('a sale: nothing at all, whatever its fields say (issue 58)', () => {
    for (const fee of [
      {},
      { brokerFeePayer: 'NO_FEE' },
      { brokerFeePayer: 'TENANT', brokerFee: 30_000 },
      { brokerFeePayer: 'LANDLORD' },
    ]) {
      expect(brokerFeeWording({ ...rental(fee), listingType: 'FOR_SALE' })).toBeNull();
    }
  });

  it('the API’s noFee and the badge are one rule', () => {
    const cases = [
      rental({ brokerFeePayer: 'NO_FEE' }),
      rental({ brokerFeePayer: 'TENANT', brokerFee: 4550 }),
      rental({ brokerFeePayer: 'TENANT', brokerFee: 0 }),
      rental({ brokerFeePayer: 'LANDLORD', brokerFee: 4550 }),
      rental({}),
    ];
    expect(cases.map((l) => isNoFee(l))).toEqual(cases.map((l) => brokerFeeWording(l)!.noFee));
    expect(cases.map((l) => isNoFee(l))).toEqual([true, false, true, true, true]);
    expect(formatMessage(brokerFeeMessages.noFee)).toBe('No fee');
  });
});
