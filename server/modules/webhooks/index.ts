/** What other modules may use of the webhooks module: its rules and services. Nothing outside the module imports its other files (eslint.config.js). */
export { registerWebhookJobs, WEBHOOK_JOB } from './webhook-jobs.js';
export {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  findWebhookEndpoint,
  listWebhookEndpoints,
  pruneWebhookDeliveries,
  rotateWebhookSecret,
  runWebhooks,
  updateWebhookEndpoint,
  sendTestWebhook,
  webhookDeliveriesPage,
  WEBHOOK_EVENT_TYPES,
} from './webhooks.service.js';
export type { WebhookUrlRules } from './webhook-address.js';
