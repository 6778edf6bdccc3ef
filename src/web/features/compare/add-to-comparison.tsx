import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { Suggestion } from '#core/api';
import { COMPARE_MAX, type CompareKind } from '#core/compare';
import { compareMessages } from '#core/messages/compare';
import { searchSuggestionsQueryOptions } from '#web/api/search';
import { SUGGESTION_DEBOUNCE_MS } from '#web/components/domain/search-suggestions-box';
import { Combobox } from '#web/components/ui/combobox';
import { Label } from '#web/components/ui/form';
import { useDebouncedValue } from '#web/lib/use-debounced-value';

const kindOf = (kind: CompareKind): Suggestion['kind'] => (kind === 'officers' ? 'officer' : 'regiment');

/**
 * 'Add an officer' (or a regiment): the search boxes' suggestions of that kind, those already
 * compared left out; choosing one adds it to the comparison. Full at four, it says so instead.
 */
export function AddToComparison({ kind, ids, onAdd }: { kind: CompareKind; ids: readonly number[]; onAdd: (id: number) => void }) {
  const inputId = useId();
  const [text, setText] = useState('');
  const typed = text.trim();
  const term = useDebouncedValue(typed, SUGGESTION_DEBOUNCE_MS);
  const suggestions = useQuery({ ...searchSuggestionsQueryOptions(term, null), enabled: term !== '', placeholderData: keepPreviousData });
  if (ids.length >= COMPARE_MAX) return <p className="text-sm text-stone-600">{compareMessages.addFull(kind)}</p>;

  const options =
    typed === ''
      ? []
      : (suggestions.data?.suggestions ?? []).filter((suggestion) => suggestion.kind === kindOf(kind) && !ids.includes(suggestion.id));
  const isCurrent = typed !== '' && term === typed && suggestions.isSuccess && !suggestions.isPlaceholderData;
  return (
    <div className="flex max-w-md flex-col gap-1.5">
      <Label htmlFor={inputId}>{compareMessages.addLabel(kind)}</Label>
      <Combobox
        id={inputId}
        type="search"
        placeholder={compareMessages.addPlaceholder(kind)}
        value={text}
        onValueChange={setText}
        options={options}
        optionKey={(suggestion) => String(suggestion.id)}
        renderOption={(suggestion) => (
          <span className="min-w-0 flex-1 truncate">
            {suggestion.kind === 'officer' && <span className="text-stone-600">{suggestion.rank} </span>}
            <span className="font-medium">{suggestion.name}</span>
            {suggestion.kind === 'officer' && <span className="text-stone-600"> — {suggestion.regimentName}</span>}
          </span>
        )}
        onSelect={(suggestion) => {
          setText('');
          onAdd(suggestion.id);
        }}
        listLabel={compareMessages.addChoices(kind)}
        emptyText={isCurrent ? compareMessages.addChoiceCount(0) : undefined}
        status={isCurrent ? compareMessages.addChoiceCount(options.length) : ''}
      />
    </div>
  );
}
