// The labels of the More popover's newer filters (issue 59 item 1; their values are common/options.ts'):
// the amenities. A module of its own: the More popover and saved searches show them,
// the listings page's first script does not carry them (tests/e2e/budget.spec.ts).
import { defineMessages } from './i18n/messages.js';
import { labels } from './i18n/labels.js';
import type { AmenityFilter } from './options.js';

export const amenityFilterLabels: Readonly<Record<AmenityFilter, string>> = /* @__PURE__ */ labels<AmenityFilter>({
  ...defineMessages({
    IN_UNIT_LAUNDRY: { id: 'option.amenityFilter.IN_UNIT_LAUNDRY', defaultMessage: 'In-unit laundry' },
    DISHWASHER: { id: 'option.amenityFilter.DISHWASHER', defaultMessage: 'Dishwasher' },
    DOORMAN: { id: 'option.amenityFilter.DOORMAN', defaultMessage: 'Doorman' },
    ELEVATOR: { id: 'option.amenityFilter.ELEVATOR', defaultMessage: 'Elevator' },
    OUTDOOR_SPACE: { id: 'option.amenityFilter.OUTDOOR_SPACE', defaultMessage: 'Outdoor space' },
    GYM: { id: 'option.amenityFilter.GYM', defaultMessage: 'Gym' },
    FURNISHED: { id: 'option.amenityFilter.FURNISHED', defaultMessage: 'Furnished' },
  }),
});
