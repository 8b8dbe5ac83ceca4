import { builder } from '../../graphql/builder.js';
import { trustDeps } from '../moderation/index.schema.js';
import { licenseQueue, setAgentLicenseVerified, updateMyLicense, type LicenseCase } from './licenses.service.js';
import { updateMyAgentProfile } from './agent-profile.service.js';

/** Agents' license numbers over GraphQL: the agent's own, and the admins' queue and verification (licenses.service.ts). */

const LicenseCaseRef = builder.objectRef<LicenseCase>('LicenseCase').implement({
  description: "An agent's license number for an admin to check.",
  fields: (t) => ({
    id: t.id({ resolve: (c) => `license:${c.agentId}` }),
    agentId: t.exposeID('agentId'),
    name: t.exposeString('name'),
    email: t.exposeString('email'),
    agency: t.exposeString('agency', { nullable: true }),
    license: t.exposeString('license'),
    verified: t.boolean({ resolve: (c) => c.verifiedAt !== null }),
    verifiedAt: t.expose('verifiedAt', { type: 'DateTime', nullable: true }),
  }),
});

builder.queryFields((t) => ({
  licenseQueue: t.field({
    type: [LicenseCaseRef],
    description: "Admins only: agents' license numbers, unverified first. Errors: UNAUTHENTICATED, FORBIDDEN.",
    args: { unverifiedOnly: t.arg.boolean({ defaultValue: false }) },
    resolve: (_root, args, ctx) => licenseQueue(trustDeps(ctx), ctx.viewer, args.unverifiedOnly ?? false),
  }),
}));

builder.mutationFields((t) => ({
  setAgentLicenseVerified: t.prismaField({
    type: 'Agent',
    description:
      "Admins only: mark an agent's license number verified or not (audited). Errors: UNAUTHENTICATED, FORBIDDEN, NOT_FOUND, BAD_USER_INPUT, CONFLICT.",
    args: { agentId: t.arg.id({ required: true }), verified: t.arg.boolean({ required: true }) },
    resolve: async (query, _root, args, ctx) => {
      const { agentId } = await setAgentLicenseVerified(trustDeps(ctx), ctx.viewer, String(args.agentId), args.verified);
      return ctx.prisma.agent.findUniqueOrThrow({ ...query, where: { id: agentId } });
    },
  }),
  updateMyLicense: t.prismaField({
    type: 'Agent',
    description:
      "The agent's own New York real-estate license number (empty removes it); a change clears the verification. Errors: UNAUTHENTICATED, FORBIDDEN (not an agent), BAD_USER_INPUT.",
    args: { license: t.arg.string({ required: true }) },
    resolve: async (query, _root, args, ctx) => {
      const { agentId } = await updateMyLicense(trustDeps(ctx), ctx.viewer, { license: args.license });
      return ctx.prisma.agent.findUniqueOrThrow({ ...query, where: { id: agentId } });
    },
  }),
}));

const AgentProfileInput = builder.inputType('AgentProfileInput', {
  description: 'What an agent edits of their public profile (/agents/:id); a field left out stays as it is.',
  fields: (t) => ({
    bio: t.string({ description: 'About the agent, up to 2,000 characters; empty removes it.' }),
    agency: t.string({ description: 'The brokerage, up to 120 characters; empty removes it.' }),
    specialties: t.stringList({ description: 'Up to 8, each up to 40 characters (blank ones and repeats dropped).' }),
    yearsExperience: t.int({ description: '0 to 70.' }),
  }),
});

builder.mutationFields((t) => ({
  updateMyAgentProfile: t.prismaField({
    type: 'Agent',
    description:
      "The agent's own public profile (issue 59 item 6). Errors: UNAUTHENTICATED, FORBIDDEN (not an agent), BAD_USER_INPUT.",
    args: { input: t.arg({ type: AgentProfileInput, required: true }) },
    resolve: async (query, _root, { input }, ctx) => {
      const clean = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
      const agent = await updateMyAgentProfile(ctx, ctx.viewer, clean);
      return ctx.prisma.agent.findUniqueOrThrow({ ...query, where: { id: agent.id } });
    },
  }),
}));
