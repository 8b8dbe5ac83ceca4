import { builder } from '../../graphql/builder.js';
import { inProcessRateLimits } from '../../infra/rate-limits.js';
import type { GraphQLContext } from '../../graphql/context.js';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookEndpoints,
  partnerKeyOf,
  RETRY_SCHEDULE_MS,
  rotateWebhookSecret,
  sendTestWebhook,
  TEST_EVENT_TYPE,
  updateWebhookEndpoint,
  webhookDeliveriesPage,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_LIMITS,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
} from './webhooks.service.js';
import { PAGE_LIMITS } from '../../../common/page-limits.js';

/**
 * Webhooks in GraphQL (webhooks.service.ts): a partner key manages its own endpoints and reads their
 * delivery log. Only a partner key may (server/http/partner-access.ts lets it run these mutations).
 */

/** What the service needs of the request: the key, the URL rules, and a nudge to the job. */
function depsOf(ctx: GraphQLContext) {
  const keyId = partnerKeyOf(ctx);
  return {
    keyId,
    deps: {
      prisma: ctx.prisma,
      rules: ctx.webhooks?.rules ?? { allowLoopback: false },
      limit: (ctx.limits ?? inProcessRateLimits(ctx.log)).webhookTest,
    },
  };
}

const EVENTS_TEXT = WEBHOOK_EVENT_TYPES.map((e) => `\`${e}\``).join(', ');

const WebhookEndpointRef = builder.objectRef<WebhookEndpointRow>('WebhookEndpoint').implement({
  description:
    "One of the key's webhook endpoints: where the listing events it asked for are POSTed, signed (Standard Webhooks).",
  fields: (t) => ({
    id: t.exposeID('id'),
    url: t.exposeString('url'),
    events: t.exposeStringList('events', { description: `The event types it receives: some of ${EVENTS_TEXT}.` }),
    contactEmail: t.exposeString('contactEmail', { description: 'Who is told by e-mail when the endpoint is disabled.' }),
    description: t.exposeString('description'),
    enabled: t.boolean({ resolve: (e) => e.disabledAt === null }),
    disabledAt: t.expose('disabledAt', { type: 'DateTime', nullable: true }),
    disabledReason: t.exposeString('disabledReason', {
      nullable: true,
      description: 'Why it is disabled: by the partner, or after a message failed every attempt.',
    }),
    previousSecretValidUntil: t.expose('previousUntil', {
      type: 'DateTime',
      nullable: true,
      description: 'After a rotation, until when messages are also signed with the secret before it.',
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const WebhookEndpointWithSecretRef = builder
  .objectRef<{ endpoint: WebhookEndpointRow; secret: string }>('WebhookEndpointWithSecret')
  .implement({
    fields: (t) => ({
      endpoint: t.field({ type: WebhookEndpointRef, resolve: (r) => r.endpoint }),
      secret: t.exposeString('secret', {
        description:
          "The signing secret ('whsec_…'), shown this once: verify each message's `webhook-signature` with it (any Standard Webhooks library).",
      }),
    }),
  });

const WebhookDeliveryStatusEnum = builder.enumType('WebhookDeliveryStatus', {
  values: {
    PENDING: { description: 'Not delivered yet: its next attempt is at `nextAttemptAt`.' },
    SUCCEEDED: { description: 'The endpoint answered 2xx.' },
    FAILED: { description: `Every one of its ${RETRY_SCHEDULE_MS.length} attempts failed.` },
  } as const,
});

const WebhookAttemptRef = builder.objectRef<WebhookDeliveryRow['log'][number]>('WebhookAttempt').implement({
  fields: (t) => ({
    at: t.expose('at', { type: 'DateTime' }),
    status: t.exposeInt('status', { nullable: true, description: 'The HTTP status the endpoint answered (null: no answer).' }),
    error: t.exposeString('error', {
      nullable: true,
      description: 'Why it failed: a timeout, a refused address, a non-2xx answer.',
    }),
    durationMs: t.exposeInt('durationMs'),
  }),
});

const WebhookDeliveryRef = builder.objectRef<WebhookDeliveryRow>('WebhookDelivery').implement({
  description: 'One message to one endpoint and its attempts.',
  fields: (t) => ({
    id: t.exposeID('id'),
    messageId: t.exposeString('messageId', { description: 'The `webhook-id` header: the same on every attempt.' }),
    eventType: t.exposeString('eventType'),
    payload: t.exposeString('payload', { description: 'The body sent (JSON), byte for byte what is signed.' }),
    status: t.field({ type: WebhookDeliveryStatusEnum, resolve: (d) => d.status }),
    attempts: t.exposeInt('attempts'),
    nextAttemptAt: t.expose('nextAttemptAt', { type: 'DateTime', nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    finishedAt: t.expose('finishedAt', { type: 'DateTime', nullable: true }),
    log: t.field({ type: [WebhookAttemptRef], description: 'Each attempt, oldest first.', resolve: (d) => d.log }),
  }),
});

const WebhookEndpointInput = builder.inputType('WebhookEndpointInput', {
  fields: (t) => ({
    url: t.string({
      required: true,
      description: 'An https URL on a public address (private, loopback and link-local addresses are refused).',
    }),
    events: t.stringList({ description: `Some of ${EVENTS_TEXT}; all of them when left out.` }),
    contactEmail: t.string({ required: true, description: 'Who is told by e-mail when the endpoint is disabled.' }),
    description: t.string({ description: 'Up to 200 characters, for you.' }),
  }),
});

const WebhookEndpointPatch = builder.inputType('WebhookEndpointPatch', {
  fields: (t) => ({
    url: t.string(),
    events: t.stringList(),
    contactEmail: t.string(),
    description: t.string(),
    enabled: t.boolean({
      description:
        'false disables it; true turns it back on: waiting messages go again, and the changes made meanwhile are delivered.',
    }),
  }),
});

/** GraphQL's nulls are "not given" to the service. */
const given = <T extends Record<string, unknown>>(input: T) =>
  Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null && v !== undefined)) as {
    [K in keyof T]?: NonNullable<T[K]>;
  };

builder.queryFields((t) => ({
  webhookEndpoints: t.field({
    type: [WebhookEndpointRef],
    description: "The partner key's webhook endpoints (a partner API key only).",
    extensions: { apolloOnly: true },
    resolve: (_root, _args, ctx) => listWebhookEndpoints(ctx.prisma, partnerKeyOf(ctx)),
  }),
  webhookDeliveries: t.connection(
    {
      type: WebhookDeliveryRef,
      description: `The delivery log of one of the key's endpoints, newest first (${PAGE_LIMITS.webhookDeliveries.default} a page, at most ${PAGE_LIMITS.webhookDeliveries.max}; kept 30 days). Forward only.`,
      args: {
        endpointId: t.arg.id({ required: true }),
        status: t.arg({ type: WebhookDeliveryStatusEnum }),
      },
      extensions: { apolloOnly: true },
      resolve: (_root, args, ctx) =>
        webhookDeliveriesPage(ctx.prisma, partnerKeyOf(ctx), {
          endpointId: String(args.endpointId),
          status: args.status ?? null,
          first: args.first,
          after: args.after,
        }) as never,
    },
    { name: 'WebhookDeliveryConnection' },
    { name: 'WebhookDeliveryEdge' },
  ),
}));

builder.mutationFields((t) => ({
  createWebhookEndpoint: t.field({
    type: WebhookEndpointWithSecretRef,
    description: `Registers an endpoint for the key (at most ${WEBHOOK_LIMITS.endpointsPerKey}); it receives the changes made from now on. Its secret is answered this once.`,
    args: { input: t.arg({ type: WebhookEndpointInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const { keyId, deps } = depsOf(ctx);
      const made = await createWebhookEndpoint(deps, keyId, given(input));
      ctx.webhooks?.kick(); // this instance now knows an endpoint listens
      return made;
    },
  }),
  updateWebhookEndpoint: t.field({
    type: WebhookEndpointRef,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: WebhookEndpointPatch, required: true }) },
    description: 'Changes an endpoint of the key: its URL, events, contact, description, or whether it is enabled.',
    resolve: async (_root, args, ctx) => {
      const { keyId, deps } = depsOf(ctx);
      const endpoint = await updateWebhookEndpoint(deps, keyId, String(args.id), given(args.input));
      ctx.webhooks?.kick(); // turned back on: what waited goes now
      return endpoint;
    },
  }),
  rotateWebhookSecret: t.field({
    type: WebhookEndpointWithSecretRef,
    description: 'A new signing secret, answered this once; for 24 hours messages carry a signature by each secret.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => {
      const { keyId, deps } = depsOf(ctx);
      return rotateWebhookSecret(deps, keyId, String(args.id));
    },
  }),
  deleteWebhookEndpoint: t.id({
    description: 'Deletes an endpoint of the key and its delivery log; answers its id.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => deleteWebhookEndpoint(ctx.prisma, partnerKeyOf(ctx), String(args.id)),
  }),
  sendTestWebhook: t.field({
    type: WebhookDeliveryRef,
    description: `Sends a \`${TEST_EVENT_TYPE}\` message to an endpoint of the key now (10 an hour per key); its delivery is in the log.`,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const { keyId, deps } = depsOf(ctx);
      const delivery = await sendTestWebhook(deps, keyId, String(args.id));
      ctx.webhooks?.kick();
      return delivery;
    },
  }),
}));
