import { useState, type ReactNode } from 'react';
import type { Regiment } from '#core/api';
import { regimentFactsMessages as M } from '#core/messages/regiment-facts';
import type { ScheduleEvent } from '#core/regiment-facts';
import { LANGUAGE_NAMES, REGION_NAMES, WEEKDAY_NAMES, convertWeeklyTime } from '#core/regiment-facts-display';
import { Card, CardContent, CardHeader } from '#web/components/ui/card';

/** The visitor's own time zone, as the browser reports it. */
function visitorTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

export function hasRegimentFacts(regiment: Regiment): boolean {
  return (
    regiment.region !== null ||
    regiment.timeZone !== null ||
    regiment.languages.length > 0 ||
    regiment.schedule.length > 0 ||
    regiment.minimumAge !== null ||
    regiment.recruiting !== null ||
    regiment.discordInvite !== null
  );
}

/**
 * What a recruit looks for before joining (issue 36, item 5): whether the regiment recruits, where
 * and in which languages it plays, from what age, its weekly events and its Discord. Each event's
 * time is shown as the regiment gives it, in its time zone, and in the visitor's own when that is
 * another, for the week the page is read in (summer time counted).
 */
export function RegimentFactsPanel({ regiment }: { regiment: Regiment }) {
  const [now] = useState(() => new Date());
  const [ownZone] = useState(visitorTimeZone);
  if (!hasRegimentFacts(regiment)) return null;
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg leading-tight font-semibold">{M.factsHeading}</h2>
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="grid grid-cols-1 gap-x-8 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-3">
          {regiment.recruiting !== null && (
            <Fact term={M.recruiting}>
              <span
                className={
                  regiment.recruiting
                    ? 'rounded-full bg-emerald-100 px-2 py-0.5 font-semibold text-emerald-900'
                    : 'rounded-full bg-stone-100 px-2 py-0.5 font-semibold text-stone-700'
                }
              >
                {regiment.recruiting ? M.recruiting : M.notRecruiting}
              </span>
            </Fact>
          )}
          {regiment.region !== null && (
            <Fact term="Region">
              {REGION_NAMES[regiment.region]} ({regiment.region})
            </Fact>
          )}
          {regiment.languages.length > 0 && <Fact term="Languages">{regiment.languages.map((code) => LANGUAGE_NAMES[code]).join(', ')}</Fact>}
          {regiment.minimumAge !== null && <Fact term="Minimum age">{regiment.minimumAge}+</Fact>}
          {regiment.timeZone !== null && <Fact term="Time zone">{regiment.timeZone.replaceAll('_', ' ')}</Fact>}
        </dl>
        {regiment.schedule.length > 0 && (
          <div>
            <h3 className="text-xs font-semibold tracking-wide text-stone-500 uppercase">{M.schedule}</h3>
            <ul className="mt-1 divide-y divide-stone-200 text-sm" aria-label={M.schedule}>
              {regiment.schedule.map((event, index) => (
                <li key={index} className="flex flex-wrap items-baseline gap-x-3 py-1.5">
                  <span className="font-semibold">{event.what}</span>
                  <span className="tabular-nums">
                    {WEEKDAY_NAMES[event.day]} {event.time}
                    {regiment.timeZone !== null && ` (${regiment.timeZone.replaceAll('_', ' ')})`}
                  </span>
                  <YourTime event={event} regimentZone={regiment.timeZone} ownZone={ownZone} now={now} />
                </li>
              ))}
            </ul>
          </div>
        )}
        {regiment.discordInvite !== null && (
          <a
            href={regiment.discordInvite}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex h-10 items-center rounded-md bg-navy px-4 text-sm font-medium text-white hover:bg-navy-light dark:bg-navy-light"
          >
            {M.joinDiscord}
          </a>
        )}
      </CardContent>
    </Card>
  );
}

/** The event in the visitor's time zone, when the regiment's is known and is another. */
function YourTime({ event, regimentZone, ownZone, now }: { event: ScheduleEvent; regimentZone: string | null; ownZone: string; now: Date }) {
  if (regimentZone === null || regimentZone === ownZone) return null;
  const moved = convertWeeklyTime(event, regimentZone, ownZone, now);
  return <span className="text-stone-600 tabular-nums">{M.yourTime(`${WEEKDAY_NAMES[moved.day]} ${moved.time}`)}</span>;
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-stone-500 uppercase">{term}</dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}
