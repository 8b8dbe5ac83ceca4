import { graphql } from '@/gql';

export const ReportListingMutation = graphql(`
  mutation ReportListing($propertyId: ID!, $reason: ListingReportReason!, $details: String) {
    reportListing(propertyId: $propertyId, reason: $reason, details: $details) {
      propertyId
      hiddenNow
    }
  }
`);

export const ModerationQueueQuery = graphql(`
  query ModerationQueue {
    moderationQueue {
      id
      propertyId
      slug
      title
      hidden
      hiddenAt
      hiddenReason
      hiddenNote
      reviewRequestedAt
      ownerName
      ownerEmail
      openReportCount
      reports {
        id
        reason
        details
        createdAt
        resolved
        reporterName
      }
    }
  }
`);

export const ModerateListingMutation = graphql(`
  mutation ModerateListing($propertyId: ID!, $action: ModerationAction!, $note: String) {
    moderateListing(propertyId: $propertyId, action: $action, note: $note) {
      id
      hidden
      hiddenReason
    }
  }
`);

export const LicenseQueueQuery = graphql(`
  query LicenseQueue {
    licenseQueue {
      id
      agentId
      name
      email
      agency
      license
      verified
      verifiedAt
    }
  }
`);

export const SetLicenseVerifiedMutation = graphql(`
  mutation SetAgentLicenseVerified($agentId: ID!, $verified: Boolean!) {
    setAgentLicenseVerified(agentId: $agentId, verified: $verified) {
      id
      licenseVerified
    }
  }
`);

export const UpdateMyLicenseMutation = graphql(`
  mutation UpdateMyLicense($license: String!) {
    updateMyLicense(license: $license) {
      id
      license
      licenseVerified
    }
  }
`);
