import { builder } from '../../graphql/builder.js';
import { trustDeps } from '../moderation/index.schema.js';
import { licenseQueue, setAgentLicenseVerified, updateMyLicense, type LicenseCase } from './licenses.service.js';

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
