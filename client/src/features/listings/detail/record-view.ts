import { useApolloClient } from '@apollo/client/react';
import { useEffect, useRef } from 'react';
import { graphql } from '@/gql';

export const RecordPropertyViewMutation = graphql(`
  mutation RecordPropertyView($id: ID!) {
    recordPropertyView(id: $id) {
      id
      views
    }
  }
`);

/**
 * Counts one view of the listing per visit, once its id is known (StrictMode runs effects twice, so
 * the id already counted is remembered); a failure is only said in the console.
 *
 * Sent through the client, not `useMutation`: that hook's loading and result states render the
 * component using it again, twice. The detail screen is server-rendered and taken over part by part
 * (a Suspense boundary each); rendering it again while parts are still waiting makes React take them
 * all over at once, in one long task that blocks the page (issue 28 item 4;
 * docs/decisions/0035-server-rendering.md).
 */
export function useRecordView(propertyId: string | undefined) {
  const client = useApolloClient();
  const recorded = useRef<string | null>(null);
  useEffect(() => {
    if (!propertyId || recorded.current === propertyId) return;
    recorded.current = propertyId;
    // Its answer is not kept: nothing on the page shows the count, and a write to the store would run
    // Apollo's refetch pass, which prints every watching query's document (27 ms on this machine).
    client
      .mutate({ mutation: RecordPropertyViewMutation, variables: { id: propertyId }, fetchPolicy: 'no-cache' })
      .catch((err: unknown) => console.warn('Recording the view failed', err));
  }, [propertyId, client]);
}
