import { PathLink } from '@/components/ui/path-link';
import { UserAvatar } from '@/components/ui/avatar';
import { StarRating } from '@/components/ui/star-rating';
import { LicensedBadge } from '@/features/moderation/licensed-badge';
import { graphql } from '@/gql';
import type { ListingAgent_AgentFragment, ListingType } from '@/gql/graphql';
import { ContactAgentButton } from '../components/contact-agent-button';
import { RequestTourButton } from '@/features/tours/request-tour-button';
import { PriceLine } from '../components/property-card';
import { SaveButton } from '../../favorites/save-button';
import { ShareButton } from '../components/share-button';
import { formatRating, propertyPath } from '@/lib/format';
import { responseTimeText } from '../response-time';
import { defineMessages, formatMessage } from '@common/i18n/messages';

const messages = defineMessages({
  listingAgent: { id: 'agentPanel.listingAgent', defaultMessage: 'Listing agent' },
  experience: {
    id: 'agentPanel.experience',
    defaultMessage: '{years, plural, one {# year of experience} other {# years of experience}}',
  },
  newAgent: { id: 'agentPanel.newAgent', defaultMessage: 'New agent' },
  rating: { id: 'agentPanel.rating', defaultMessage: '{rating} ({count, plural, one {# review} other {# reviews}})' },
  noAgent: { id: 'agentPanel.noAgent', defaultMessage: 'No agent is assigned to this listing.' },
});

export const ListingAgentFragment = graphql(`
  fragment ListingAgent_agent on Agent {
    id
    displayName
    photoUrl
    rating
    reviewCount
    isNew
    licenseVerified
    yearsExperience
    agency
    responseMinutes
  }
`);

export interface AgentPanelProps {
  property: {
    id: string;
    slug?: string | null;
    title: string;
    viewerCanManage: boolean;
    isSaved: boolean;
    price: number;
    originalPrice?: number | null;
    listingType: ListingType;
    netEffectivePrice?: number;
    concession?: { monthsFree: number; leaseMonths: number } | null;
  };
  agent: ListingAgent_AgentFragment | null | undefined;
}

/** The agent section of a listing: price, save, 'Contact Agent', and who the agent is. */
export function AgentPanel({ property, agent }: AgentPanelProps) {
  return (
    <section aria-labelledby="agent-heading" className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6">
      <PriceLine
        price={property.price}
        originalPrice={property.originalPrice}
        listingType={property.listingType}
        netEffectivePrice={property.netEffectivePrice}
        concession={property.concession}
      />
      <div className="mt-4 flex gap-2">
        <ContactAgentButton propertyId={property.id} viewerCanManage={property.viewerCanManage} className="flex-1" />
        <SaveButton propertyId={property.id} isSaved={property.isSaved} title={property.title} variant="outline" />
      </div>
      <RequestTourButton listing={property} viewerCanManage={property.viewerCanManage} className="mt-2 w-full" />
      <ShareButton title={property.title} path={propertyPath(property)} className="mt-2 w-full" />
      <h2 id="agent-heading" className="mt-6 text-sm font-semibold tracking-wide text-gray-500 uppercase">
        {formatMessage(messages.listingAgent)}
      </h2>
      {agent ? (
        <div className="mt-3 flex items-start gap-3">
          <UserAvatar name={agent.displayName} photoUrl={agent.photoUrl} className="size-14 text-base" />
          <div className="min-w-0 space-y-0.5">
            <p translate="no" className="font-semibold text-gray-900">
              <PathLink to={`/agents/${encodeURIComponent(agent.id)}`} className="hover:text-brand-700 hover:underline">
                {agent.displayName}
              </PathLink>
            </p>
            <LicensedBadge verified={agent.licenseVerified} />
            {agent.agency ? (
              <p translate="no" className="text-sm text-gray-600">
                {agent.agency}
              </p>
            ) : null}
            <p className="text-sm text-gray-600">{formatMessage(messages.experience, { years: agent.yearsExperience })}</p>
            {agent.responseMinutes != null ? (
              <p className="text-sm text-gray-700">{responseTimeText(agent.responseMinutes)}</p>
            ) : null}
            {agent.isNew ? (
              <p className="text-sm font-medium text-brand-700">{formatMessage(messages.newAgent)}</p>
            ) : (
              <p className="flex items-center gap-1.5 text-sm text-gray-700">
                <StarRating value={agent.rating} />
                <span>{formatMessage(messages.rating, { rating: formatRating(agent.rating), count: agent.reviewCount })}</span>
              </p>
            )}
          </div>
        </div>
      ) : (
        <p className="mt-3 text-sm text-gray-600">{formatMessage(messages.noAgent)}</p>
      )}
    </section>
  );
}
