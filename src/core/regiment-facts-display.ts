/**
 * How the regiment finder's facts read (issue 36, item 5): the names beside the codes, fixed here so
 * they do not depend on the browser's locale data, and a weekly event's time in another time zone.
 */
import type { LanguageCode, Region, ScheduleEvent, Weekday } from './regiment-facts.js';
import { WEEKDAYS } from './regiment-facts.js';

export const REGION_NAMES: Record<Region, string> = {
  NA: 'North America',
  EU: 'Europe',
  SA: 'South America',
  OCE: 'Oceania',
  Asia: 'Asia',
};

export const LANGUAGE_NAMES: Record<LanguageCode, string> = {
  en: 'English',
  de: 'German',
  fr: 'French',
  es: 'Spanish',
  pt: 'Portuguese',
  it: 'Italian',
  nl: 'Dutch',
  pl: 'Polish',
  cs: 'Czech',
  sk: 'Slovak',
  hu: 'Hungarian',
  ro: 'Romanian',
  sv: 'Swedish',
  no: 'Norwegian',
  da: 'Danish',
  fi: 'Finnish',
  ru: 'Russian',
  uk: 'Ukrainian',
  tr: 'Turkish',
  el: 'Greek',
  ja: 'Japanese',
  ko: 'Korean',
  zh: 'Chinese',
};

export const WEEKDAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

const MINUTES_PER_DAY = 24 * 60;
const MINUTES_PER_WEEK = 7 * MINUTES_PER_DAY;

/** The offset of a time zone from UTC at an instant, in minutes (New York in winter: -300). */
function offsetMinutes(timeZone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const asUtc = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
  return Math.round((asUtc - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
}

/**
 * A weekly event's day and time moved from the regiment's time zone to another (the visitor's), as
 * it falls in the week of `now`: offsets are those in force then, so summer time is counted. Saturday
 * 20:00 in New York reads Sunday 02:00 in Berlin.
 */
export function convertWeeklyTime(
  event: Pick<ScheduleEvent, 'day' | 'time'>,
  fromZone: string,
  toZone: string,
  now: Date,
): Pick<ScheduleEvent, 'day' | 'time'> {
  const [hours, minutes] = event.time.split(':').map(Number) as [number, number];
  const minuteOfWeek = WEEKDAYS.indexOf(event.day) * MINUTES_PER_DAY + hours * 60 + minutes;
  const shift = offsetMinutes(toZone, now) - offsetMinutes(fromZone, now);
  const moved = (((minuteOfWeek + shift) % MINUTES_PER_WEEK) + MINUTES_PER_WEEK) % MINUTES_PER_WEEK;
  const minuteOfDay = moved % MINUTES_PER_DAY;
  return {
    day: WEEKDAYS[Math.floor(moved / MINUTES_PER_DAY)]!,
    time: `${String(Math.floor(minuteOfDay / 60)).padStart(2, '0')}:${String(minuteOfDay % 60).padStart(2, '0')}`,
  };
}
