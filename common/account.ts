// A deleted account (issue 59 item 6): its row stays, scrubbed, for the conversations and reviews others
// keep; this is the name they then show.
export const DELETED_ACCOUNT_NAME = { firstName: 'Former', lastName: 'member' } as const;
