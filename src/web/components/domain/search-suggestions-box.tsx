import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Flag, UserRound } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { Suggestion } from '#core/api';
import { SIDES } from '#core/constants';
import { searchMessages } from '#core/messages/search';
import { searchSuggestionsQueryOptions } from '#web/api/search';
import { Combobox } from '#web/components/ui/combobox';
import { useDebouncedValue } from '#web/lib/use-debounced-value';
import { SideBadge } from './side-badge';

/** A pause this long in typing asks for suggestions: about one key press of a steady typist. */
export const SUGGESTION_DEBOUNCE_MS = 150;

interface SearchSuggestionsBoxProps {
  id: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Suggestions of this side only, when one is chosen. */
  sideId: number | null;
  placeholder?: string;
  maxLength?: number;
  className?: string;
  /** A suggestion was chosen: its page opens next. */
  onChoose?: (suggestion: Suggestion) => void;
}

const suggestionKey = (suggestion: Suggestion) => `${suggestion.kind}-${suggestion.id}`;
const suggestionPath = (suggestion: Suggestion) => (suggestion.kind === 'officer' ? `/officer/${suggestion.id}` : `/regiment/${suggestion.id}`);

/**
 * The home and search text boxes (issue 15, item 1): while the person types, the best officers and
 * regiments for the words so far, each a way straight to its page. Enter without a chosen suggestion
 * submits the box's form, as it always did.
 */
export function SearchSuggestionsBox({ id, value, onValueChange, sideId, placeholder, maxLength, className, onChoose }: SearchSuggestionsBoxProps) {
  const navigate = useNavigate();
  const typed = value.trim();
  const term = useDebouncedValue(typed, SUGGESTION_DEBOUNCE_MS);
  const suggestions = useQuery({
    ...searchSuggestionsQueryOptions(term, sideId),
    enabled: term !== '',
    // The last answer stays while the next term's is on its way, so the list does not flicker per key.
    placeholderData: keepPreviousData,
  });
  // Nothing for an empty box, even while an older answer is kept.
  const options = typed === '' ? [] : (suggestions.data?.suggestions ?? []);
  const isCurrent = typed !== '' && term === typed && suggestions.isSuccess && !suggestions.isPlaceholderData;

  return (
    <Combobox
      id={id}
      type="search"
      placeholder={placeholder}
      maxLength={maxLength}
      className={className}
      value={value}
      onValueChange={onValueChange}
      options={options}
      optionKey={suggestionKey}
      renderOption={(suggestion) => <SuggestionOption suggestion={suggestion} />}
      onSelect={(suggestion) => {
        onChoose?.(suggestion);
        void navigate(suggestionPath(suggestion));
      }}
      listLabel={searchMessages.suggestions}
      status={isCurrent ? searchMessages.suggestionCount(options.length) : ''}
      // Issue 36: no match said nothing on screen; the list now opens to say so (and the live region too).
      emptyText={isCurrent ? searchMessages.suggestionCount(0) : undefined}
    />
  );
}

function SuggestionOption({ suggestion }: { suggestion: Suggestion }) {
  const side = SIDES.find((candidate) => candidate.code === suggestion.sideCode);
  const Icon = suggestion.kind === 'officer' ? UserRound : Flag;
  return (
    <>
      <Icon className="h-4 w-4 shrink-0 text-stone-500" aria-hidden />
      <span className="line-clamp-2 min-w-0 flex-1">
        {suggestion.kind === 'officer' ? (
          <>
            <span className="text-stone-600">{suggestion.rank}</span> <span className="font-medium">{suggestion.name}</span>
            <span className="text-stone-600"> — {suggestion.regimentName}</span>
          </>
        ) : (
          <>
            <span className="font-medium">{suggestion.name}</span>{' '}
            <span className="ml-1 rounded border border-stone-300 px-1.5 py-px text-xs text-stone-600">{searchMessages.suggestionRegiment}</span>
          </>
        )}
      </span>
      {side && <SideBadge name={side.name} code={side.code} className="shrink-0" />}
    </>
  );
}
