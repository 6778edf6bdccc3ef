import type { ModerationReasons } from '#core/api';
import type { UseQueryResult } from '@tanstack/react-query';
import { Suspense, lazy, useState, type ReactNode } from 'react';
import { formatDate } from '#core/date';
import { adminMessages } from '#core/messages/admin';
import { registrationsMessages } from '#core/messages/registrations';
import type { RegistrationKind } from '#core/api-paths';
import { useDecideRegistration } from '#web/api/admin';
import { Button } from '#web/components/ui/button';
import { errorMessage } from '#web/lib/api-client';
import { toast } from '#web/lib/toast-store';
import { splitRegistrations } from '#web/features/admin/registration-status';
import { ActionsCell, AdminTable, Cell, RowHeader, TextCell } from './admin-table';
import type { PendingDecision } from './registration-decision-dialog';
import { RegistrationStatusBadge } from './status-badge';

// The dialog and its form code (react-hook-form, zod) load with the first decision, not with the page.
const RegistrationDecisionDialog = lazy(() => import('./registration-decision-dialog').then((m) => ({ default: m.RegistrationDecisionDialog })));

interface Registration {
  id: number;
  name: string;
  status: string;
  createdAt: string;
  updatedAt: string;
  notes: string | null;
  submitterUsername: string;
}

interface RegistrationTablesProps<T extends Registration> {
  kind: RegistrationKind;
  /** 'Officer' or 'Regiment': names the tables, their empty states and the load failure. */
  noun: string;
  registrations: UseQueryResult<T[]>;
  /** The toast description once a request is approved. */
  approvedMessage: string;
  pendingColumns: readonly string[];
  processedColumns: readonly string[];
  /** The cells after the name in both tables: what is being requested. */
  renderRequestCells: (registration: T) => ReactNode;
  /** The pending table's cells after the request date (images, proof). */
  renderEvidenceCells: (registration: T) => ReactNode;
  /** The request in full, shown in the Approve / Reject dialog. */
  renderDetails: (registration: T) => ReactNode;
}

/**
 * The pending and processed registrations of an admin screen (spec section 2), with the Approve /
 * Reject dialog. One list from the server, split here.
 */
export function RegistrationTables<T extends Registration>({
  kind,
  noun,
  registrations,
  approvedMessage,
  pendingColumns,
  processedColumns,
  renderRequestCells,
  renderEvidenceCells,
  renderDetails,
}: RegistrationTablesProps<T>) {
  const decide = useDecideRegistration(kind);
  const [decision, setDecision] = useState<PendingDecision<T> | null>(null);
  const split = registrations.data ? splitRegistrations(registrations.data) : undefined;
  const lowerNoun = noun.toLowerCase();
  const loadState = {
    isPending: registrations.isPending,
    error: registrations.error,
    onRetry: () => void registrations.refetch(),
    errorTitle: `The ${lowerNoun} registrations could not be loaded`,
  };

  const confirm = (notes: string | null, reasons?: ModerationReasons) => {
    if (!decision) return;
    const { registration, action } = decision;
    decide.mutate(
      { id: registration.id, action, notes, reasons },
      {
        onSuccess: () => {
          toast(
            action === 'approve'
              ? { title: registrationsMessages.approvedTitle, description: approvedMessage }
              : { title: registrationsMessages.rejectedTitle, description: registrationsMessages.rejected },
          );
          setDecision(null);
        },
        onError: (error) => toast({ title: adminMessages.actionFailedTitle, description: errorMessage(error), variant: 'destructive' }),
      },
    );
  };

  return (
    <div className="space-y-8">
      <AdminTable
        title={`Pending ${noun} Registrations`}
        columns={pendingColumns}
        rows={split?.pending}
        {...loadState}
        emptyText={`No pending ${lowerNoun} registrations.`}
        rowKey={(registration) => registration.id}
        renderRow={(registration) => (
          <>
            <RowHeader>{registration.name}</RowHeader>
            {renderRequestCells(registration)}
            <Cell>{registration.submitterUsername}</Cell>
            <Cell>{formatDate(registration.createdAt)}</Cell>
            {renderEvidenceCells(registration)}
            <ActionsCell>
              <Button size="sm" onClick={() => setDecision({ registration, action: 'approve' })}>
                Approve<span className="sr-only"> {registration.name}</span>
              </Button>
              <Button size="sm" variant="destructive" onClick={() => setDecision({ registration, action: 'reject' })}>
                Reject<span className="sr-only"> {registration.name}</span>
              </Button>
            </ActionsCell>
          </>
        )}
      />

      <AdminTable
        title={`Processed ${noun} Registrations`}
        columns={processedColumns}
        rows={split?.processed}
        {...loadState}
        emptyText={`No processed ${lowerNoun} registrations.`}
        rowKey={(registration) => registration.id}
        renderRow={(registration) => (
          <>
            <RowHeader>{registration.name}</RowHeader>
            {renderRequestCells(registration)}
            <Cell>
              <RegistrationStatusBadge status={registration.status} />
            </Cell>
            <Cell>{formatDate(registration.updatedAt)}</Cell>
            <TextCell>{registration.notes || '—'}</TextCell>
          </>
        )}
      />

      {decision && (
        <Suspense fallback={null}>
          <RegistrationDecisionDialog
            key={`${decision.registration.id}-${decision.action}`}
            action={decision.action}
            isOpen
            isDeciding={decide.isPending}
            onClose={() => setDecision(null)}
            onConfirm={confirm}
          >
            {renderDetails(decision.registration)}
          </RegistrationDecisionDialog>
        </Suspense>
      )}
    </div>
  );
}
