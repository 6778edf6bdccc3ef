import { Controller, useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { regimentFactsMessages as M } from '#core/messages/regiment-facts';
import { LANGUAGE_CODES, REGIMENT_FACT_LIMITS, REGIONS, WEEKDAYS } from '#core/regiment-facts';
import { LANGUAGE_NAMES, REGION_NAMES, WEEKDAY_NAMES } from '#core/regiment-facts-display';
import type { RegimentEditBody, RegimentEditFormInput } from '#core/schemas/manage';
import { Button } from '#web/components/ui/button';
import { FieldError, Input, Select } from '#web/components/ui/form';
import { FormField } from '#web/components/ui/form-field';

/** Every IANA zone the browser knows, offered as the time zone field is typed. */
function knownTimeZones(): string[] {
  return typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
}

const RECRUITING_CHOICES = { '': 'Not said', true: M.recruiting, false: M.notRecruiting } as const;

interface RegimentFactsFieldsProps {
  control: Control<RegimentEditFormInput, unknown, RegimentEditBody>;
  register: UseFormRegister<RegimentEditFormInput>;
  errors: FieldErrors<RegimentEditFormInput>;
}

/**
 * The finder's facts in the regiment edit form (issue 36, item 5). Every one is optional; a blank
 * field clears it. The schedule's times are in the regiment's time zone, which visitors see
 * converted to their own.
 */
export function RegimentFactsFields({ control, register, errors }: RegimentFactsFieldsProps) {
  const schedule = useFieldArray({ control, name: 'schedule' as never });
  const scheduleErrors = errors.schedule as Array<Partial<Record<'day' | 'time' | 'what', { message?: string }>>> | { message?: string } | undefined;
  return (
    <fieldset className="space-y-5 rounded-md border border-stone-200 p-4">
      <legend className="px-1 text-sm font-semibold">{M.factsHeading}</legend>
      <FormField label={M.recruiting} optional error={errors.recruiting?.message}>
        {(field) => (
          <Controller
            control={control}
            name="recruiting"
            render={({ field: { value, onChange, onBlur } }) => (
              <Select
                {...field}
                onBlur={onBlur}
                value={value === true ? 'true' : value === false ? 'false' : ''}
                onChange={(event) => onChange(event.target.value === '' ? null : event.target.value === 'true')}
              >
                {Object.entries(RECRUITING_CHOICES).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </Select>
            )}
          />
        )}
      </FormField>
      <FormField label="Region" optional error={errors.region?.message}>
        {(field) => (
          <Select {...field} {...register('region')}>
            <option value="">Not said</option>
            {REGIONS.map((region) => (
              <option key={region} value={region}>
                {REGION_NAMES[region]} ({region})
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField label="Time zone" optional hint="The zone of the schedule's times, such as America/New_York." error={errors.timeZone?.message}>
        {(field) => (
          <>
            <Input {...field} autoComplete="off" list="regiment-time-zones" {...register('timeZone')} />
            <datalist id="regiment-time-zones">
              {knownTimeZones().map((zone) => (
                <option key={zone} value={zone} />
              ))}
            </datalist>
          </>
        )}
      </FormField>
      <fieldset className="space-y-1.5">
        <legend className="text-sm font-medium">
          Languages <span className="font-normal text-stone-500">(optional, at most {REGIMENT_FACT_LIMITS.languagesMax})</span>
        </legend>
        <div className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3">
          {LANGUAGE_CODES.map((code) => (
            <label key={code} className="flex items-center gap-2 text-sm">
              <input type="checkbox" className="h-4 w-4 accent-union-dark" value={code} {...register('languages')} />
              {LANGUAGE_NAMES[code]}
            </label>
          ))}
        </div>
        <FieldError message={errors.languages?.message ?? (errors.languages as Array<{ message?: string }> | undefined)?.find?.(Boolean)?.message} />
      </fieldset>
      <FormField label="Minimum age" optional error={errors.minimumAge?.message}>
        {(field) => (
          <Input
            {...field}
            type="number"
            inputMode="numeric"
            min={REGIMENT_FACT_LIMITS.minimumAgeMin}
            max={REGIMENT_FACT_LIMITS.minimumAgeMax}
            className="w-28"
            {...register('minimumAge')}
          />
        )}
      </FormField>
      <FormField
        label="Discord invite"
        optional
        hint="https://discord.gg/... or https://discord.com/invite/..."
        error={errors.discordInvite?.message}
      >
        {(field) => <Input {...field} type="url" autoComplete="off" {...register('discordInvite')} />}
      </FormField>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">
          {M.schedule} <span className="font-normal text-stone-500">(optional)</span>
        </legend>
        <ul className="space-y-2">
          {schedule.fields.map((event, index) => {
            const eventErrors = Array.isArray(scheduleErrors) ? scheduleErrors[index] : undefined;
            return (
              <li key={event.id} className="flex flex-wrap items-end gap-2">
                <Select aria-label={`Event ${index + 1} day`} className="w-36" {...register(`schedule.${index}.day`)}>
                  {WEEKDAYS.map((day) => (
                    <option key={day} value={day}>
                      {WEEKDAY_NAMES[day]}
                    </option>
                  ))}
                </Select>
                <Input aria-label={`Event ${index + 1} time`} type="time" className="w-32" {...register(`schedule.${index}.time`)} />
                <Input
                  aria-label={`Event ${index + 1} name`}
                  className="min-w-0 flex-1"
                  placeholder="Linebattle"
                  {...register(`schedule.${index}.what`)}
                />
                <Button variant="outline" size="sm" onClick={() => schedule.remove(index)}>
                  Remove
                </Button>
                <FieldError message={eventErrors?.day?.message ?? eventErrors?.time?.message ?? eventErrors?.what?.message} />
              </li>
            );
          })}
        </ul>
        <FieldError message={!Array.isArray(scheduleErrors) ? scheduleErrors?.message : undefined} />
        {schedule.fields.length < REGIMENT_FACT_LIMITS.scheduleMax && (
          <Button variant="outline" size="sm" onClick={() => schedule.append({ day: 'sat', time: '20:00', what: '' })}>
            Add an event
          </Button>
        )}
      </fieldset>
    </fieldset>
  );
}
