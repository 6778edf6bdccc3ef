import { Scale } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { StandingAction } from '#core/api';
import { formatDate } from '#core/date';
import { moderationMessages } from '#core/messages/moderation';
import { sessionMessages } from '#core/messages/session';
import { ACTION_KIND_LABELS, groundLabel, MODERATION_LIMITS } from '#core/moderation';
import { useAuth } from '#web/api/auth';
import { useStanding, useSubmitAppeal } from '#web/api/moderation';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card';
import { Badge, EmptyState, Spinner } from '#web/components/ui/feedback';
import { Textarea } from '#web/components/ui/form';
import { FormField } from '#web/components/ui/form-field';
import { LoadFailedAlert } from '#web/components/load-failed-alert';
import { RedirectWithNotice } from '#web/components/redirect-with-notice';
import { errorMessage } from '#web/lib/api-client';
import { toast } from '#web/lib/toast-store';
import { useDocumentTitle } from '#web/lib/use-document-title';

const TITLE = 'Your Standing';

/**
 * /settings/standing (issue 33, item 3): every staff action that affected the user, each with its
 * statement of reasons (the ground, the facts, whether automated) and the way to appeal it.
 */
export function StandingPage() {
  useDocumentTitle(TITLE);
  const { user, isLoading } = useAuth();
  if (isLoading) return <Spinner />;
  if (!user) {
    return (
      <RedirectWithNotice
        redirect={{ to: '/', title: sessionMessages.authenticationRequiredTitle, description: 'Log in to see your standing.', offersLogin: true }}
      />
    );
  }
  return <Standing userId={user.id} />;
}

function Standing({ userId }: { userId: number }) {
  const standing = useStanding(userId);
  // The clock the appeal windows are read against, taken once: a render must not read it.
  const [now] = useState(() => Date.now());
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="space-y-2">
        <h1 className="flex items-center gap-3 text-3xl font-bold">
          <Scale className="h-8 w-8 text-brass-dark" aria-hidden />
          {TITLE}
        </h1>
        <p className="text-stone-600">
          What moderators have done about your account or your content, and why. You may appeal each action once; another member of staff decides. How
          the site is moderated is public:{' '}
          <Link to="/moderation" className="text-link underline underline-offset-4">
            the moderation log
          </Link>
          .
        </p>
      </div>
      {standing.isError ? (
        <LoadFailedAlert title="Your standing could not be loaded" error={standing.error} onRetry={() => void standing.refetch()} />
      ) : !standing.data ? (
        <Spinner />
      ) : standing.data.actions.length === 0 ? (
        <EmptyState title="Nothing here: no moderator has acted on your account or content." />
      ) : (
        <ul className="space-y-4" aria-label="Actions">
          {standing.data.actions.map((action) => (
            <li key={action.id}>
              <Statement action={action} userId={userId} now={now} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Statement({ action, userId, now }: { action: StandingAction; userId: number; now: number }) {
  const canAppeal = action.appeal === null && !action.reversed && Date.parse(action.appealableUntil) > now;
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-2">
        <div>
          <CardTitle className="text-lg">{ACTION_KIND_LABELS[action.kind]}</CardTitle>
          <p className="mt-1 text-sm text-stone-600">
            Concerning {action.subject}, {formatDate(action.createdAt)}
            {action.endsAt && `, until ${formatDate(action.endsAt)}`}
          </p>
        </div>
        {action.reversed && <Badge className="bg-green-100 text-green-800">Reversed</Badge>}
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="font-medium">Ground</dt>
          <dd>{groundLabel(action.ground)}</dd>
          <dt className="font-medium">Facts</dt>
          <dd className="whitespace-pre-wrap">{action.facts}</dd>
          <dt className="font-medium">Decided by</dt>
          <dd>{action.automated ? 'Automated means' : 'A member of staff'}</dd>
          <dt className="font-medium">Appeal</dt>
          <dd>{appealLine(action, now)}</dd>
        </dl>
        {action.appeal?.decisionReason && <p className="rounded-md bg-stone-100 p-2">Decision: {action.appeal.decisionReason}</p>}
        {canAppeal && <AppealForm actionId={action.id} userId={userId} />}
      </CardContent>
    </Card>
  );
}

function appealLine(action: StandingAction, now: number): string {
  if (action.appeal?.status === 'open') return `Appealed on ${formatDate(action.appeal.createdAt)}; waiting for a decision.`;
  if (action.appeal?.status === 'upheld') return `Appeal refused on ${formatDate(action.appeal.decidedAt!)}.`;
  if (action.appeal?.status === 'reversed') return `Appeal granted on ${formatDate(action.appeal.decidedAt!)}.`;
  if (Date.parse(action.appealableUntil) <= now) return `The time to appeal ended on ${formatDate(action.appealableUntil)}.`;
  return `You may appeal until ${formatDate(action.appealableUntil)}.`;
}

function AppealForm({ actionId, userId }: { actionId: number; userId: number }) {
  const [text, setText] = useState('');
  const submit = useSubmitAppeal(userId, () =>
    toast({ title: moderationMessages.appealSubmittedTitle, description: moderationMessages.appealSubmitted }),
  );
  const tooShort = text.trim().length < MODERATION_LIMITS.appealTextMin;
  return (
    <form
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        submit.mutate(
          { actionId, text: text.trim() },
          { onError: (error) => toast({ title: 'Appeal Failed', description: errorMessage(error), variant: 'destructive' }) },
        );
      }}
    >
      <FormField label="Your appeal" hint={`Why the action was wrong: at least ${MODERATION_LIMITS.appealTextMin} characters.`}>
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            maxLength={MODERATION_LIMITS.appealTextMax}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        )}
      </FormField>
      <Button type="submit" disabled={submit.isPending || tooShort}>
        {submit.isPending ? 'Sending…' : 'Appeal'}
      </Button>
    </form>
  );
}
