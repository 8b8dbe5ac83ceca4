import { z } from 'zod';
import { defineMessages, formatMessage } from './i18n/messages.js';

/**
 * Trust and safety rules both sides share (issue 14 items 4 and 5; docs/decisions/0033-trust.md):
 * the listing report form and the New York real-estate license number.
 */

// The reasons and their labels live with every other enum's in common/options.ts.
import { ListingReportReasonValues, type ListingReportReason } from './options.js';
import { listingReportReasonLabels } from './listing-labels.js';

export const LISTING_REPORT_REASONS = ListingReportReasonValues;
export { listingReportReasonLabels, type ListingReportReason };

export const LISTING_REPORT_DETAILS_MAX = 1000;

// The rules' messages are in the language of the page that checks them (issue 29), made when shown:
// the report's in the part 'moderation' of the catalogues (its dialog), the license's in 'agents' (the
// agent's profile, where the license form is).
const messages = defineMessages({
  reasonRequired: { id: 'trust.reasonRequired', defaultMessage: 'Choose a reason for reporting this listing.' },
  detailsRequired: { id: 'trust.detailsRequired', defaultMessage: 'Tell us what is wrong with this listing.' },
  detailsTooLong: { id: 'trust.detailsTooLong', defaultMessage: 'Comment must be at most {max} characters' },
  detailsNotText: { id: 'trust.detailsNotText', defaultMessage: 'Comment must be text' },
  license: {
    id: 'trust.license',
    defaultMessage:
      'Enter your New York license number: 8 to 12 digits (e.g. 10401234567), or for brokers 2 digits, 2 letters and digits (e.g. 30AB1234567).',
  },
});

/** The report's messages, in the page's language when read. */
export const LISTING_REPORT_MESSAGES = {
  get reasonRequired() {
    return formatMessage(messages.reasonRequired);
  },
  get detailsRequired() {
    return formatMessage(messages.detailsRequired);
  },
  get detailsTooLong() {
    return formatMessage(messages.detailsTooLong, { max: LISTING_REPORT_DETAILS_MAX });
  },
};

const clean = (s: string) => s.replace(/\0/g, '').replace(/\r\n?/g, '\n').trim();

export const listingReportSchema = z
  .object({
    reason: z.enum(LISTING_REPORT_REASONS, { error: () => LISTING_REPORT_MESSAGES.reasonRequired }),
    details: z
      .string({ error: () => formatMessage(messages.detailsNotText) })
      .nullish()
      .transform((s) => (s == null ? null : clean(s) || null))
      .refine((s) => s == null || [...s].length <= LISTING_REPORT_DETAILS_MAX, {
        error: () => LISTING_REPORT_MESSAGES.detailsTooLong,
      }),
  })
  .superRefine((v, ctx) => {
    if (v.reason === 'OTHER' && !v.details)
      ctx.addIssue({ code: 'custom', path: ['details'], message: LISTING_REPORT_MESSAGES.detailsRequired });
  });
export type ListingReportInput = z.input<typeof listingReportSchema>;

/**
 * A New York State real-estate license number (Department of State, Division of Licensing Services):
 * 8 to 12 characters after removing spaces and dashes; digits, except that broker and corporate
 * licenses may carry two capital letters after the first two digits (10401234567, 30AB1234567).
 * Stored normalised (no spaces or dashes, upper case).
 */
export const NY_LICENSE_PATTERN = /^(?:\d{8,12}|\d{2}[A-Z]{2}\d{4,8})$/;
/** The license rule's message in English (the server's tests compare with it); `licenseMessage()` in the page's language. */
export const LICENSE_MESSAGE =
  'Enter your New York license number: 8 to 12 digits (e.g. 10401234567), or for brokers 2 digits, 2 letters and digits (e.g. 30AB1234567).';
export const licenseMessage = () => formatMessage(messages.license);
const licenseError = { error: licenseMessage };

export const normalizeLicense = (s: string) => s.replace(/[\s-]+/g, '').toUpperCase();

/** The license form: an empty value removes the number. */
export const licenseInputSchema = z.object({
  license: z
    .string(licenseError)
    .max(40, licenseError)
    .transform(normalizeLicense)
    .refine((s) => s === '' || NY_LICENSE_PATTERN.test(s), licenseError)
    .transform((s) => (s === '' ? null : s)),
});
export type LicenseInput = z.input<typeof licenseInputSchema>;
