/** The account module's GraphQL adapter ('Delete my account'). */
import './account.schema.js';
