import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Check, ChevronsUpDown } from 'lucide-react';
import { useState } from 'react';
import type { RegimentChoice } from '#core/api';
import { commonMessages } from '#core/messages/common';
import { searchMessages } from '#core/messages/search';
import { regimentChoicesQueryOptions } from '#web/api/search';
import { Combobox } from '#web/components/ui/combobox';
import { useDebouncedValue } from '#web/lib/use-debounced-value';
import { SUGGESTION_DEBOUNCE_MS } from './search-suggestions-box';

type Choice = { kind: 'all' } | ({ kind: 'regiment' } & RegimentChoice);

const ALL: Choice = { kind: 'all' };
const choiceKey = (choice: Choice) => (choice.kind === 'all' ? 'all' : String(choice.id));

interface RegimentChoiceBoxProps {
  id: string;
  /** The chosen regiment, or null for All Regiments. */
  value: RegimentChoice | null;
  onChange: (regiment: RegimentChoice | null) => void;
  /** Only this side's regiments, when one is chosen. */
  sideId: number | null;
}

/**
 * A regiment filter that loads its choices on demand (issue 15, item 5), instead of every regiment
 * with the page: opened, it lists the first ones by name (GET /api/search/regiments); typing asks for
 * the best matches. 'All Regiments' comes first while nothing is typed. Leaving the box without a
 * choice keeps the one made before.
 */
export function RegimentChoiceBox({ id, value, onChange, sideId }: RegimentChoiceBoxProps) {
  const [isEditing, setIsEditing] = useState(false);
  const [text, setText] = useState('');
  const term = useDebouncedValue(text.trim(), SUGGESTION_DEBOUNCE_MS);
  const choices = useQuery({
    ...regimentChoicesQueryOptions(term, sideId),
    enabled: isEditing,
    placeholderData: keepPreviousData,
  });
  const regiments = isEditing ? (choices.data?.regiments ?? []) : [];
  const options: Choice[] = [...(text.trim() === '' ? [ALL] : []), ...regiments.map((regiment) => ({ kind: 'regiment' as const, ...regiment }))];
  const isCurrent = isEditing && term === text.trim() && choices.isSuccess && !choices.isPlaceholderData;
  const chosenName = value?.name ?? '';

  return (
    <div className="relative">
      <Combobox
        id={id}
        className="pr-9"
        // Regiment names are long and the box is narrow: the list grows leftwards from the box's right edge.
        listClassName="right-0 w-[min(26rem,calc(100vw-2rem))] min-w-full"
        // While the list is open the box holds what is typed, the current choice showing as its placeholder.
        value={isEditing ? text : chosenName}
        placeholder={isEditing && value ? value.name : commonMessages.allRegiments}
        onValueChange={setText}
        openOnFocus
        onOpenChange={(isOpen) => {
          setIsEditing(isOpen);
          if (!isOpen) setText('');
        }}
        options={options}
        optionKey={choiceKey}
        renderOption={(choice) => <ChoiceOption choice={choice} isChosen={choice.kind === 'all' ? value === null : choice.id === value?.id} />}
        onSelect={(choice) =>
          onChange(choice.kind === 'all' ? null : { id: choice.id, name: choice.name, sideId: choice.sideId, sideName: choice.sideName })
        }
        listLabel={searchMessages.regimentChoices}
        emptyText={choices.isError ? searchMessages.loadRegimentsFailed : choices.isSuccess ? searchMessages.noRegimentChoices : undefined}
        status={
          isCurrent
            ? choices.data.totalCount === 0
              ? searchMessages.noRegimentChoices
              : searchMessages.regimentChoiceCount(choices.data.regiments.length, choices.data.totalCount)
            : ''
        }
      />
      {/* Says "a list to choose from", as a select's arrow does. */}
      <ChevronsUpDown className="pointer-events-none absolute top-3 right-3 h-4 w-4 text-stone-500" aria-hidden />
    </div>
  );
}

function ChoiceOption({ choice, isChosen }: { choice: Choice; isChosen: boolean }) {
  return (
    <>
      <span className={choice.kind === 'all' ? 'min-w-0 flex-1 truncate text-stone-600 italic' : 'min-w-0 flex-1 truncate'}>
        {choice.kind === 'all' ? commonMessages.allRegiments : choice.name}
      </span>
      {choice.kind === 'regiment' && <span className="shrink-0 text-xs text-stone-500">{choice.sideName}</span>}
      <Check className={isChosen ? 'h-4 w-4 shrink-0 text-primary' : 'invisible h-4 w-4 shrink-0'} aria-hidden />
    </>
  );
}
