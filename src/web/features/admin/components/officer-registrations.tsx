import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import type { OfficerRegistration } from '#core/api';
import { registrationsMessages } from '#core/messages/registrations';
import { useOfficerRegistrations } from '#web/api/admin';
import { Cell } from './admin-table';
import { DecisionDetail } from './decision-detail';
import { RegistrationImagePreview, RegistrationImages } from './registration-image';
import { RegistrationTables } from './registration-tables';

const PENDING_COLUMNS = ['Name', 'Rank', 'Regiment', 'Requested By', 'Date', 'Images', 'Proof', 'Actions'] as const;
const PROCESSED_COLUMNS = ['Name', 'Rank', 'Regiment', 'Status', 'Date Processed', 'Notes'] as const;

/** The link to what the requester offered as proof of who they are, or a dash. */
function ProofLink({ registration }: { registration: Pick<OfficerRegistration, 'proofUrl' | 'name'> }) {
  if (!registration.proofUrl) return <span className="text-stone-500">—</span>;
  return (
    <a
      href={registration.proofUrl}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 font-medium text-link hover:underline"
    >
      View Proof<span className="sr-only"> for {registration.name}</span>
      <ExternalLink className="h-3 w-3" aria-hidden />
    </a>
  );
}

function RegimentLink({ registration }: { registration: Pick<OfficerRegistration, 'regimentId' | 'regimentName'> }) {
  return (
    <Link to={`/regiment/${registration.regimentId}`} className="text-link hover:underline">
      {registration.regimentName}
    </Link>
  );
}

/**
 * The pending and processed officer registrations of /admin/officers (spec section 2), with the
 * Approve / Reject dialog.
 */
export function OfficerRegistrations() {
  return (
    <RegistrationTables
      kind="officers"
      noun="Officer"
      registrations={useOfficerRegistrations()}
      approvedMessage={registrationsMessages.officerApproved}
      pendingColumns={PENDING_COLUMNS}
      processedColumns={PROCESSED_COLUMNS}
      renderRequestCells={(registration) => (
        <>
          <Cell>{registration.rank}</Cell>
          <Cell>
            <RegimentLink registration={registration} />
          </Cell>
        </>
      )}
      renderEvidenceCells={(registration) => (
        <>
          <Cell>
            <RegistrationImages images={[{ src: registration.profileImageUrl, alt: `Profile image of ${registration.name}` }]} />
          </Cell>
          <Cell>
            <ProofLink registration={registration} />
          </Cell>
        </>
      )}
      renderDetails={(registration) => <OfficerRequestDetails registration={registration} />}
    />
  );
}

/** What the officer request asks for: name, rank, regiment, image and proof (spec section 2). */
function OfficerRequestDetails({ registration }: { registration: OfficerRegistration }) {
  return (
    <dl className="space-y-3">
      <DecisionDetail term="Name">{registration.name}</DecisionDetail>
      <DecisionDetail term="Rank">{registration.rank}</DecisionDetail>
      <DecisionDetail term="Regiment">{registration.regimentName}</DecisionDetail>
      <DecisionDetail term="Requested By">{registration.submitterUsername}</DecisionDetail>
      <DecisionDetail term="Profile Image">
        <RegistrationImagePreview
          src={registration.profileImageUrl}
          alt={`Profile image of ${registration.name}`}
          emptyText="No image provided."
          className="h-32 w-32 object-cover"
        />
      </DecisionDetail>
      <DecisionDetail term="Proof">
        {registration.proofUrl ? <ProofLink registration={registration} /> : <span className="text-stone-500">No proof provided.</span>}
      </DecisionDetail>
    </dl>
  );
}
