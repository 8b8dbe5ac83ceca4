// The texts and limits the server enforces, from the one place both sides read.
export { FIRST_MESSAGE_GREETING, MESSAGE_MAX_LENGTH, NO_TITLE, SUBJECT_MAX_LENGTH } from '@common/messaging';
