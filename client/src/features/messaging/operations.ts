// The messaging feature's GraphQL documents (issue 9). Fragments name what each part of the screen
// shows; every operation that returns a message or a thread selects those fragments, so whatever
// arrives (query, mutation, subscription) updates the same normalized records.
import { graphql } from '@/gql';
import { PAGE_LIMITS } from '@common/page-limits';

/** Messages per page of a conversation (the server's default: common/page-limits.ts). */
export const MESSAGES_PAGE_SIZE = PAGE_LIMITS.messages.default;
/** Conversations per page of the list (the server's default). */
export const THREADS_PAGE_SIZE = PAGE_LIMITS.threads.default;

export const MessageItemFragment = graphql(`
  fragment MessageItem_message on Message {
    id
    threadId
    content
    subject
    createdAt
    isMine
    sender {
      id
      name
      firstName
      photoUrl
    }
  }
`);

export const ConversationItemFragment = graphql(`
  fragment ConversationItem_thread on Thread {
    id
    title
    status
    lastMessageAt
    unreadCount
    otherParticipant {
      id
      name
      firstName
      photoUrl
      agentId
    }
    lastMessage {
      id
      content
      createdAt
      isMine
    }
    property {
      id
      slug
      title
      price
      listingType
      photos {
        id
        thumbnailUrl
      }
    }
  }
`);

/** The ids of a conversation's loaded messages (whatever page size they were read with). */
export const LoadedMessageIdsFragment = graphql(`
  fragment LoadedMessageIds_thread on Thread {
    messages {
      items {
        id
      }
    }
  }
`);

export const ConversationsDocument = graphql(`
  query Conversations($first: Int, $after: String) {
    threads(first: $first, after: $after) {
      items {
        ...ConversationItem_thread
      }
      hasMore
      endCursor
    }
  }
`);

export const MessageThreadDocument = graphql(`
  query MessageThread($id: ID!, $first: Int, $before: String) {
    thread(id: $id) {
      ...ConversationItem_thread
      seenUpTo
      viewerIsAgent
      ratingPrompt {
        agentId
        agentName
      }
      messages(first: $first, before: $before) {
        items {
          ...MessageItem_message
        }
        hasOlder
        olderCursor
      }
    }
  }
`);

export const UnreadMessagesCountDocument = graphql(`
  query UnreadMessagesCount {
    unreadMessagesCount
  }
`);

export const ComposeListingDocument = graphql(`
  query ComposeListing($id: ID!) {
    property(id: $id) {
      id
      slug
      title
      price
      listingType
      viewerThreadId
      viewerCanManage
      photos {
        id
        thumbnailUrl
      }
      agent {
        id
        displayName
        photoUrl
      }
    }
  }
`);

export const ComposeAgentDocument = graphql(`
  query ComposeAgent($id: ID!) {
    agent(id: $id) {
      id
      displayName
      photoUrl
      agency
    }
  }
`);

export const StartThreadDocument = graphql(`
  mutation StartThread($propertyId: ID, $agentId: ID, $message: String!, $subject: String) {
    startThread(propertyId: $propertyId, agentId: $agentId, message: $message, subject: $subject) {
      ...ConversationItem_thread
      property {
        id
        viewerThreadId
      }
    }
  }
`);

export const SendMessageDocument = graphql(`
  mutation SendMessage($threadId: ID!, $content: String!, $subject: String) {
    sendMessage(threadId: $threadId, content: $content, subject: $subject) {
      ...MessageItem_message
      assistanceRefusal
    }
  }
`);

export const MarkThreadReadDocument = graphql(`
  mutation MarkThreadRead($threadId: ID!) {
    markThreadRead(threadId: $threadId) {
      id
      unreadCount
    }
  }
`);

export const SetTypingDocument = graphql(`
  mutation SetTyping($threadId: ID!, $typing: Boolean!) {
    setTyping(threadId: $threadId, typing: $typing)
  }
`);

export const DismissRatingPromptDocument = graphql(`
  mutation DismissRatingPrompt($threadId: ID!) {
    dismissRatingPrompt(threadId: $threadId) {
      id
      ratingPrompt {
        agentId
        agentName
      }
    }
  }
`);

export const MessageAddedDocument = graphql(`
  subscription MessageAdded($threadId: ID!) {
    messageAdded(threadId: $threadId) {
      ...MessageItem_message
    }
  }
`);

export const InboxChangedDocument = graphql(`
  subscription InboxChanged {
    inboxChanged {
      ...ConversationItem_thread
      ratingPrompt {
        agentId
        agentName
      }
    }
  }
`);

export const ThreadActivityDocument = graphql(`
  subscription ThreadActivity($threadId: ID!) {
    threadActivity(threadId: $threadId) {
      threadId
      userId
      kind
      at
    }
  }
`);
