// Saves the interface's language to the signed-in account (issue 29). Loaded when the switch is used,
// not with every page's header.
import type { ApolloClient } from '@apollo/client';
import type { Locale } from '@common/i18n/locales';
import { graphql } from '@/gql';

const SetLanguageMutation = graphql(`
  mutation SetLanguage($locale: String!) {
    updateProfile(input: { locale: $locale }) {
      id
      locale
    }
  }
`);

export async function saveLanguage(client: ApolloClient, locale: Locale): Promise<void> {
  await client.mutate({ mutation: SetLanguageMutation, variables: { locale } });
}
