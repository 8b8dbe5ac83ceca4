import { newYorkLocalInput, newYorkWindow, TOUR_LENGTHS, TOUR_RULES } from '@common/tours';
import { defineMessages, formatMessage, type MessageDescriptor } from '@common/i18n/messages';
import { z } from 'zod';

const messages = defineMessages({
  chooseDate: { id: 'tourForm.chooseDate', defaultMessage: 'Choose a date' },
  chooseTime: { id: 'tourForm.chooseTime', defaultMessage: 'Choose a start time' },
  enterDateTime: { id: 'tourForm.enterDateTime', defaultMessage: 'Enter a date and time' },
  tooSoon: { id: 'tourForm.tooSoon', defaultMessage: 'Choose a time at least an hour from now' },
  tooFar: { id: 'tourForm.tooFar', defaultMessage: 'Choose a date within the next {days} days' },
  noteTooLong: { id: 'tourForm.noteTooLong', defaultMessage: 'Keep the note under {max} characters' },
  timesDiffer: { id: 'tourForm.timesDiffer', defaultMessage: 'Each time must differ' },
  minutes: { id: 'tourForm.minutes', defaultMessage: '{count, plural, one {# minute} other {# minutes}}' },
  hours: { id: 'tourForm.hours', defaultMessage: '{count, plural, one {# hour} other {# hours}}' },
});

/** A rule's message, made when it is shown: in the page's language. */
const say = (message: MessageDescriptor, values?: Record<string, number>) => ({ error: () => formatMessage(message, values) });

/**
 * The form of a tour's times (issue 27): each window is a New York date, a start time and a length,
 * whatever the browser's zone. The rules are the server's (`TOUR_RULES`, common/tours.ts); the server
 * checks them again.
 */
export const tourWindowForm = z
  .object({
    date: z.string().min(1, say(messages.chooseDate)),
    time: z.string().min(1, say(messages.chooseTime)),
    minutes: z.coerce.number().int(),
  })
  .superRefine((w, ctx) => {
    if (!w.date || !w.time) return;
    const window = newYorkWindow(w.date, w.time, w.minutes);
    if (!window) {
      ctx.addIssue({ code: 'custom', path: ['time'], message: formatMessage(messages.enterDateTime) });
      return;
    }
    const lead = (window.startsAt.getTime() - Date.now()) / 60_000;
    if (lead < TOUR_RULES.minLeadMinutes)
      ctx.addIssue({ code: 'custom', path: ['time'], message: formatMessage(messages.tooSoon) });
    else if (lead > TOUR_RULES.maxDaysAhead * 24 * 60)
      ctx.addIssue({
        code: 'custom',
        path: ['date'],
        message: formatMessage(messages.tooFar, { days: TOUR_RULES.maxDaysAhead }),
      });
  });

export type TourWindowValues = z.input<typeof tourWindowForm>;

export const tourRequestForm = z
  .object({
    windows: z.array(tourWindowForm).min(1).max(TOUR_RULES.maxWindows),
    note: z.string().max(TOUR_RULES.noteMax, say(messages.noteTooLong, { max: TOUR_RULES.noteMax })),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.windows.forEach((w, i) => {
      const key = `${w.date}T${w.time}`;
      if (w.date && w.time && seen.has(key))
        ctx.addIssue({ code: 'custom', path: ['windows', i, 'time'], message: formatMessage(messages.timesDiffer) });
      seen.add(key);
    });
  });

export type TourRequestValues = z.input<typeof tourRequestForm>;

/** A window as the API takes it (instants), from the form's New York date, time and length. */
export function windowInput(w: TourWindowValues): { startsAt: string; endsAt: string } {
  const window = newYorkWindow(w.date, w.time, Number(w.minutes))!;
  return { startsAt: window.startsAt.toISOString(), endsAt: window.endsAt.toISOString() };
}

/** A first suggestion: tomorrow at 6 PM in New York, half an hour. */
export function suggestedWindow(now = Date.now()): TourWindowValues {
  const [date] = newYorkLocalInput(new Date(now + 24 * 3_600_000)).split('T');
  return { date: date!, time: '18:00', minutes: 30 };
}

/** Today's and the last allowed date in New York, for the date inputs' bounds. */
export function dateBounds(now = Date.now()): { min: string; max: string } {
  return {
    min: newYorkLocalInput(new Date(now)).split('T')[0]!,
    max: newYorkLocalInput(new Date(now + TOUR_RULES.maxDaysAhead * 24 * 3_600_000)).split('T')[0]!,
  };
}

/** The lengths a window may last, labelled in the page's language ('30 minutes', '1 hour', '1.5 hours'). */
export function lengthOptions(): { value: number; label: string }[] {
  return TOUR_LENGTHS.map((m) => ({
    value: m,
    label: m < 60 ? formatMessage(messages.minutes, { count: m }) : formatMessage(messages.hours, { count: m / 60 }),
  }));
}
