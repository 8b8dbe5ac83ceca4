import { builder } from '../../graphql/builder.js';

/** The public face of a review's author: a name and a photo, never contact details. */
export interface ReviewAuthorShape {
  firstName: string;
  lastName: string;
  photoUrl: string | null;
}

export const ReviewAuthorRef = builder.objectRef<ReviewAuthorShape>('ReviewAuthor').implement({
  description: "A review's author as shown publicly (name and photo only).",
  fields: (t) => ({
    firstName: t.exposeString('firstName'),
    lastName: t.exposeString('lastName'),
    photoUrl: t.exposeString('photoUrl', { nullable: true }),
  }),
});

/** A renter's rating of an agent (read side). */
export const ReviewRef = builder.prismaObject('Review', {
  description: "A renter's rating of an agent: a score of 1-5 with four optional subscores.",
  fields: (t) => ({
    id: t.exposeID('id'),
    score: t.exposeInt('score'),
    communication: t.exposeInt('communication', { nullable: true }),
    reliability: t.exposeInt('reliability', { nullable: true }),
    cleanliness: t.exposeInt('cleanliness', { nullable: true }),
    accuracy: t.exposeInt('accuracy', { nullable: true }),
    comment: t.exposeString('comment', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    author: t.field({
      type: ReviewAuthorRef,
      select: { author: { select: { firstName: true, lastName: true, photoUrl: true } } },
      resolve: (review) => review.author,
    }),
    listingTitle: t.string({
      nullable: true,
      description: 'Title of the listing the review is about, if any.',
      select: { property: { select: { title: true } } },
      resolve: (review) => review.property?.title ?? null,
    }),
  }),
});
