import { z } from 'zod';
import { defineMessages, formatMessage } from './i18n/messages.js';

// What an agent edits of their public profile on /me/profile (issue 59 item 6): the about text,
// specialties, agency and years of experience. The license number has its own form and rule
// (common/trust.ts). Shown on /agents/:id.

export const AGENT_BIO_MAX = 2000;
export const AGENT_SPECIALTIES_MAX = 8;
export const AGENT_SPECIALTY_MAX = 40;
export const AGENT_AGENCY_MAX = 120;
export const AGENT_YEARS_MAX = 70;

const messages = defineMessages({
  bio: { id: 'agentProfile.bioTooLong', defaultMessage: 'Keep the about text to {max} characters.' },
  specialties: {
    id: 'agentProfile.specialtiesLimit',
    defaultMessage: 'At most {count} specialties, each up to {max} characters.',
  },
  agency: { id: 'agentProfile.agencyTooLong', defaultMessage: 'Keep the agency name to {max} characters.' },
  years: { id: 'agentProfile.years', defaultMessage: 'Years of experience: a whole number from 0 to {max}.' },
});

/** Empty text is none. */
const optionalText = (max: number, message: () => string) =>
  z
    .string()
    .trim()
    .max(max, { error: message })
    .transform((v) => v || null)
    .nullable();

export const agentProfileInputSchema = z.object({
  bio: optionalText(AGENT_BIO_MAX, () => formatMessage(messages.bio, { max: AGENT_BIO_MAX })).optional(),
  agency: optionalText(AGENT_AGENCY_MAX, () => formatMessage(messages.agency, { max: AGENT_AGENCY_MAX })).optional(),
  specialties: z
    .array(
      z
        .string()
        .trim()
        .max(AGENT_SPECIALTY_MAX, { error: () => specialtiesMessage() }),
    )
    .max(AGENT_SPECIALTIES_MAX, { error: () => specialtiesMessage() })
    // Blank ones dropped, each once (in any case), in the order given.
    .transform((list) => {
      const seen = new Set<string>();
      return list.filter((s) => s && !seen.has(s.toLowerCase()) && seen.add(s.toLowerCase()));
    })
    .optional(),
  yearsExperience: z
    .number({ error: () => formatMessage(messages.years, { max: AGENT_YEARS_MAX }) })
    .int({ error: () => formatMessage(messages.years, { max: AGENT_YEARS_MAX }) })
    .min(0, { error: () => formatMessage(messages.years, { max: AGENT_YEARS_MAX }) })
    .max(AGENT_YEARS_MAX, { error: () => formatMessage(messages.years, { max: AGENT_YEARS_MAX }) })
    .optional(),
});

function specialtiesMessage() {
  return formatMessage(messages.specialties, { count: AGENT_SPECIALTIES_MAX, max: AGENT_SPECIALTY_MAX });
}

export type AgentProfileInput = z.infer<typeof agentProfileInputSchema>;
