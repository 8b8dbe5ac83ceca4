import express from 'express';
import { keepingRequestLocale } from './locale.js';

/** The most a call that takes no body reads and ignores (an empty JSON object and the like). */
export const NO_BODY_LIMIT = '1kb';

/**
 * For the write routes that take no body (DELETEs, sign-out, saving a listing, …): whatever a client
 * sends is read up to NO_BODY_LIMIT and ignored; anything larger, of any type, is a 413, as the JSON
 * routes' own limits and the upload limit are (the error handler writes the answer).
 */
export const noBody = keepingRequestLocale(express.raw({ type: () => true, limit: NO_BODY_LIMIT }));
