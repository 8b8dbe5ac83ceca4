/** Messaging constants both sides read (issue 9; docs/decisions/0018). */

/** The first message offered when contacting an agent about a listing (editable before sending). */
export const FIRST_MESSAGE_GREETING = "Hi, I'm interested in this property. Is it still available?";

/** The longest message the server accepts. */
export const MESSAGE_MAX_LENGTH = 5_000;
/** The longest subject the server accepts. */
export const SUBJECT_MAX_LENGTH = 200;

/** SPEC part 3: a conversation without a listing. */
export const NO_TITLE = 'Property Inquiry';
