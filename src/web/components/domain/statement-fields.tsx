import { useState } from 'react';
import type { ModerationReasons } from '#core/api';
import { MODERATION_GROUNDS, MODERATION_LIMITS, type GroundCode } from '#core/moderation';
import { FormField } from '#web/components/ui/form-field';
import { Select, Textarea } from '#web/components/ui/form';

/** The ground and facts a staff member is filling in; complete once both are given. */
export interface StatementDraft {
  ground: GroundCode | '';
  facts: string;
}

export const EMPTY_STATEMENT: StatementDraft = { ground: '', facts: '' };

/** The body the staff calls take (issue 33), or null while the draft is not complete. */
export function reasonsOf(draft: StatementDraft): Required<ModerationReasons> | null {
  const facts = draft.facts.trim();
  return draft.ground && facts ? { ground: draft.ground, facts } : null;
}

export function useStatementDraft() {
  return useState<StatementDraft>(EMPTY_STATEMENT);
}

/**
 * The statement of reasons a staff action sends to the user it affects (issue 33, item 3): the
 * ground, one of the site's rules, and the facts, both required here. The user reads them as written.
 */
export function StatementFields({ draft, onChange }: { draft: StatementDraft; onChange: (draft: StatementDraft) => void }) {
  return (
    <div className="space-y-3 text-left">
      <FormField label="Ground" hint="The rule of the Terms this breaks. The user, and the public moderation log, see it.">
        {(control) => (
          <Select {...control} value={draft.ground} onChange={(event) => onChange({ ...draft, ground: event.target.value as GroundCode | '' })}>
            <option value="">Choose a ground…</option>
            {MODERATION_GROUNDS.map((ground) => (
              <option key={ground.code} value={ground.code}>
                {ground.label}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField label="Facts" hint="What happened, in words the user will understand. Only the user sees them.">
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            maxLength={MODERATION_LIMITS.factsMax}
            value={draft.facts}
            onChange={(event) => onChange({ ...draft, facts: event.target.value })}
          />
        )}
      </FormField>
    </div>
  );
}
