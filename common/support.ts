// Support contact details shown in the header (SPEC part 1 and part 2, "Header").

/** The support phone number as shown to people. */
export const SUPPORT_PHONE = '+1 (212) 555-0190';

/** The same number in E.164 form, for `tel:` links. */
export const SUPPORT_PHONE_E164 = '+12125550190';

/** The support e-mail address, for `mailto:` links. */
export const SUPPORT_EMAIL = 'support@nycrentals.example';
