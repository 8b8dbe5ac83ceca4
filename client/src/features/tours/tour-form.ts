import { newYorkLocalInput, newYorkWindow, TOUR_LENGTHS, TOUR_RULES } from '@common/tours';
import { z } from 'zod';

/**
 * The form of a tour's times (issue 27): each window is a New York date, a start time and a length,
 * whatever the browser's zone. The rules are the server's (`TOUR_RULES`, common/tours.ts); the server
 * checks them again.
 */
export const tourWindowForm = z
  .object({
    date: z.string().min(1, 'Choose a date'),
    time: z.string().min(1, 'Choose a start time'),
    minutes: z.coerce.number().int(),
  })
  .superRefine((w, ctx) => {
    if (!w.date || !w.time) return;
    const window = newYorkWindow(w.date, w.time, w.minutes);
    if (!window) {
      ctx.addIssue({ code: 'custom', path: ['time'], message: 'Enter a date and time' });
      return;
    }
    const lead = (window.startsAt.getTime() - Date.now()) / 60_000;
    if (lead < TOUR_RULES.minLeadMinutes)
      ctx.addIssue({ code: 'custom', path: ['time'], message: 'Choose a time at least an hour from now' });
    else if (lead > TOUR_RULES.maxDaysAhead * 24 * 60)
      ctx.addIssue({ code: 'custom', path: ['date'], message: `Choose a date within the next ${TOUR_RULES.maxDaysAhead} days` });
  });

export type TourWindowValues = z.input<typeof tourWindowForm>;

export const tourRequestForm = z
  .object({
    windows: z.array(tourWindowForm).min(1).max(TOUR_RULES.maxWindows),
    note: z.string().max(TOUR_RULES.noteMax, `Keep the note under ${TOUR_RULES.noteMax} characters`),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.windows.forEach((w, i) => {
      const key = `${w.date}T${w.time}`;
      if (w.date && w.time && seen.has(key))
        ctx.addIssue({ code: 'custom', path: ['windows', i, 'time'], message: 'Each time must differ' });
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

export const LENGTH_OPTIONS = TOUR_LENGTHS.map((m) => ({
  value: m,
  label: m < 60 ? `${m} minutes` : m === 60 ? '1 hour' : `${m / 60} hours`,
}));
