import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { RegimentChoice } from '#core/api';
import { homeMessages } from '#core/messages/home';
import { buildSearchUrl } from '#core/search';
import { sidesQueryOptions } from '#web/api/sides';
import { RegimentChoiceBox } from '#web/components/domain/regiment-choice-box';
import { SearchSuggestionsBox } from '#web/components/domain/search-suggestions-box';
import { Button } from '#web/components/ui/button';
import { Alert } from '#web/components/ui/feedback';
import { Label, Select } from '#web/components/ui/form';
import { errorMessage } from '#web/lib/api-client';

const ALL = 'all';

interface FindOfficerValues {
  q: string;
  sideId: string;
  regiment: RegimentChoice | null;
}

/**
 * 'Find an Officer' (spec section 2, Home): free text, a side and a regiment; submitting goes to
 * /search with only the filters that are set. The regiment list narrows to the chosen side.
 */
export function FindOfficerForm() {
  const navigate = useNavigate();
  const id = useId();
  const sides = useQuery(sidesQueryOptions());
  // Three plain fields: a form library would only add weight to the first screen. The regiment
  // choices load when the selector opens, not with the page (2,000 regiments in production).
  const [values, setValues] = useState<FindOfficerValues>({ q: '', sideId: ALL, regiment: null });
  const { sideId } = values;
  const chosenSideId = sideId === ALL ? null : Number(sideId);

  // A regiment of the other side would make the search empty: drop it when the side changes.
  const onSideChange = (nextSideId: string) =>
    setValues((current) => {
      const keepsRegiment = !current.regiment || nextSideId === ALL || String(current.regiment.sideId) === nextSideId;
      return { ...current, sideId: nextSideId, regiment: keepsRegiment ? current.regiment : null };
    });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void navigate(buildSearchUrl({ q: values.q, sideId, regimentId: values.regiment ? String(values.regiment.id) : ALL }));
  };

  return (
    <form
      onSubmit={onSubmit}
      role="search"
      aria-label={homeMessages.findOfficer}
      className="space-y-4 rounded-lg border border-stone-200 bg-surface p-5 shadow-sm"
    >
      <div className="grid grid-cols-1 gap-4 md:grid-cols-[2fr_1fr_1fr_auto] md:items-end">
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-q`}>Name, regiment or rank</Label>
          <SearchSuggestionsBox
            id={`${id}-q`}
            placeholder={homeMessages.searchPlaceholder}
            value={values.q}
            onValueChange={(q) => setValues((current) => ({ ...current, q }))}
            sideId={chosenSideId}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-side`}>Side</Label>
          <Select id={`${id}-side`} disabled={sides.isPending} value={sideId} onChange={(e) => onSideChange(e.target.value)}>
            <option value={ALL}>{homeMessages.allSides}</option>
            {sides.data?.map((side) => (
              <option key={side.id} value={String(side.id)}>
                {side.name}
              </option>
            ))}
          </Select>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-regiment`}>Regiment</Label>
          <RegimentChoiceBox
            id={`${id}-regiment`}
            value={values.regiment}
            onChange={(regiment) => setValues((current) => ({ ...current, regiment }))}
            sideId={chosenSideId}
          />
        </div>
        <Button type="submit" className="w-full md:w-auto">
          <Search className="h-4 w-4" aria-hidden />
          Search
        </Button>
      </div>
      {sides.error && (
        <Alert variant="destructive" title="The side and regiment filters could not be loaded">
          {errorMessage(sides.error)}
        </Alert>
      )}
    </form>
  );
}
