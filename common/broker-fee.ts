// What a listing says of its broker fee (NYC FARE Act), one rule for every screen (issue 52 item 5):
// the cards' and the manage card's 'No fee', the detail page's rent tile and its Broker Fee row, and
// Compare's. Free of zod and of the option labels: the listings page's cards import it.
import { formatPrice } from './format.js';
import { defineMessages, type MessageDescriptor, type MessageValues } from './i18n/messages.js';

/** The fields of a listing this reads (as stored, and as the API answers them). */
export interface BrokerFeeFacts {
  listingType: string;
  brokerFee: number | null | undefined;
  /** TENANT, LANDLORD or NO_FEE; null only on a draft where no choice was made yet, and on a sale. */
  brokerFeePayer: string | null | undefined;
}

// In the part 'cards' of the catalogues: every screen that shows a listing's fee loads it.
export const brokerFeeMessages = defineMessages({
  noFee: { id: 'brokerFee.noFee', defaultMessage: 'No fee' },
  tenantPays: { id: 'brokerFee.tenantPays', defaultMessage: '{amount} (Tenant pays)' },
  landlordPays: { id: 'brokerFee.landlordPays', defaultMessage: 'Landlord pays' },
});

/**
 * 'No fee': the tenant pays no broker fee. Only a fee above 0 that the tenant was said to pay is
 * charged to them: a fee with no payer given is not (the move-in total leaves it out too).
 */
export function isNoFee(l: Pick<BrokerFeeFacts, 'brokerFee' | 'brokerFeePayer'>): boolean {
  return l.brokerFeePayer !== 'TENANT' || !l.brokerFee;
}

export interface BrokerFeeWording {
  /** Which case it is: the tenant pays an amount, the landlord pays it, or the tenant pays none. */
  kind: 'TENANT_PAYS' | 'LANDLORD_PAYS' | 'NO_FEE';
  /** The broker fee's own words (the detail page's Broker Fee row, Compare's): who pays it, and how much if the tenant does. */
  message: MessageDescriptor;
  values?: MessageValues;
  /** The 'No fee' badge (cards, the manage card, the rent tile): shown when the tenant pays no broker fee. */
  noFee: boolean;
}

/**
 * What a listing says of its broker fee, for a screen to put in its language
 * (`formatMessage(w.message, w.values)`; the badge is `brokerFeeMessages.noFee`). Who pays it, as
 * the detail page always said: a landlord's fee reads 'Landlord pays' (with the 'No fee' badge), not
 * just 'No fee'. Null for a sale: the FARE Act is about rentals, and a sale shows none of it (issue 58).
 */
export function brokerFeeWording(l: BrokerFeeFacts): BrokerFeeWording | null {
  if (l.listingType === 'FOR_SALE') return null;
  if (!isNoFee(l)) {
    return {
      kind: 'TENANT_PAYS',
      message: brokerFeeMessages.tenantPays,
      values: { amount: formatPrice(l.brokerFee!) },
      noFee: false,
    };
  }
  if (l.brokerFeePayer === 'LANDLORD') return { kind: 'LANDLORD_PAYS', message: brokerFeeMessages.landlordPays, noFee: true };
  // No fee, none said to be the tenant's (TENANT with 0), or nobody said yet who pays (a draft).
  return { kind: 'NO_FEE', message: brokerFeeMessages.noFee, noFee: true };
}
