import type { RegimentRegistration } from '#core/api';
import { SIDES } from '#core/constants';
import { adminMessages } from '#core/messages/admin';
import { registrationsMessages } from '#core/messages/registrations';
import { useRegimentRegistrations } from '#web/api/admin';
import { SideBadge } from '#web/components/domain/side-badge';
import { Cell } from './admin-table';
import { DecisionDetail } from './decision-detail';
import { RegistrationImagePreview, RegistrationImages } from './registration-image';
import { RegistrationTables } from './registration-tables';

const PENDING_COLUMNS = ['Regiment Name', 'Side', 'Requested by', 'Date', 'Images', 'Actions'] as const;
const PROCESSED_COLUMNS = ['Regiment Name', 'Side', 'Status', 'Date Processed', 'Notes'] as const;

function RegistrationSide({ registration }: { registration: Pick<RegimentRegistration, 'sideId' | 'sideName'> }) {
  const code = SIDES.find((side) => side.id === registration.sideId)?.code ?? '';
  return <SideBadge name={registration.sideName} code={code} />;
}

/**
 * The pending and processed regiment registrations of /admin/regiments (spec section 2), with the
 * Approve / Reject dialog.
 */
export function RegimentRegistrations() {
  return (
    <RegistrationTables
      kind="regiments"
      noun="Regiment"
      registrations={useRegimentRegistrations()}
      approvedMessage={registrationsMessages.regimentApproved}
      pendingColumns={PENDING_COLUMNS}
      processedColumns={PROCESSED_COLUMNS}
      renderRequestCells={(registration) => (
        <Cell>
          <RegistrationSide registration={registration} />
        </Cell>
      )}
      renderEvidenceCells={(registration) => (
        <Cell>
          <RegistrationImages
            images={[
              { src: registration.bannerImageUrl, alt: `Banner of ${registration.name}`, className: 'w-20' },
              { src: registration.iconImageUrl, alt: `Icon of ${registration.name}` },
            ]}
          />
        </Cell>
      )}
      renderDetails={(registration) => <RegimentRequestDetails registration={registration} />}
    />
  );
}

/** What the regiment request asks for: name, side, description, banner and icon (spec section 2). */
function RegimentRequestDetails({ registration }: { registration: RegimentRegistration }) {
  return (
    <dl className="space-y-3">
      <DecisionDetail term="Regiment Name">{registration.name}</DecisionDetail>
      <DecisionDetail term="Side">
        <RegistrationSide registration={registration} />
      </DecisionDetail>
      <DecisionDetail term="Requested by">{registration.submitterUsername}</DecisionDetail>
      <DecisionDetail term="Description">
        {registration.description ? (
          <span className="whitespace-pre-line">{registration.description}</span>
        ) : (
          <span className="text-stone-500">{adminMessages.noDescription}</span>
        )}
      </DecisionDetail>
      <DecisionDetail term="Banner">
        <RegistrationImagePreview src={registration.bannerImageUrl} alt={`Banner of ${registration.name}`} emptyText="No banner provided." />
      </DecisionDetail>
      <DecisionDetail term="Icon">
        <RegistrationImagePreview
          src={registration.iconImageUrl}
          alt={`Icon of ${registration.name}`}
          emptyText="No icon provided."
          className="h-24 w-24 object-cover"
        />
      </DecisionDetail>
    </dl>
  );
}
