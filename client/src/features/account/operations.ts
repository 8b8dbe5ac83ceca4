// The /me/profile screen's documents (issue 59 item 6).
import { graphql } from '@/gql';

export const MyProfileQuery = graphql(`
  query MyProfile {
    me {
      id
      firstName
      lastName
      email
      phone
      photoUrl
      locale
      role
      emailMessages
      agent {
        id
        bio
        agency
        specialties
        yearsExperience
        license
      }
    }
  }
`);

export const UpdateMyProfileMutation = graphql(`
  mutation UpdateMyProfile($input: UpdateProfileInput!) {
    updateProfile(input: $input) {
      id
      firstName
      lastName
      displayName
      phone
      photoUrl
      locale
      emailMessages
    }
  }
`);

export const UpdateMyAgentProfileMutation = graphql(`
  mutation UpdateMyAgentProfile($input: AgentProfileInput!) {
    updateMyAgentProfile(input: $input) {
      id
      bio
      agency
      specialties
      yearsExperience
    }
  }
`);

export const DeleteMyAccountMutation = graphql(`
  mutation DeleteMyAccount($confirm: String!) {
    deleteMyAccount(confirm: $confirm) {
      deletedAt
    }
  }
`);
