import { useDocumentTitle } from '#web/lib/use-document-title';
import { AdminGate } from './components/admin-gate';
import { AdminPageHeader } from './components/admin-page-header';
import { AllOfficersTable } from './components/all-officers-table';
import { OfficerRegistrations } from './components/officer-registrations';

/** /admin/officers (spec section 2): pending and processed officer registrations, then every officer. */
function AdminOfficersPage() {
  useDocumentTitle('Officer Registrations');
  return (
    <AdminGate>
      <div className="space-y-8">
        <AdminPageHeader title="Officer Registrations" description="Approve or reject requests from players to be listed as officers." />
        <OfficerRegistrations />
        <AllOfficersTable />
      </div>
    </AdminGate>
  );
}

export { AdminOfficersPage as Component };
