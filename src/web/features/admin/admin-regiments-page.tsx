import { useDocumentTitle } from '#web/lib/use-document-title';
import { AdminGate } from './components/admin-gate';
import { AdminPageHeader } from './components/admin-page-header';
import { AllRegimentsTable } from './components/all-regiments-table';
import { RegimentRegistrations } from './components/regiment-registrations';

/** /admin/regiments (spec section 2): pending and processed regiment registrations, then every regiment. */
function AdminRegimentsPage() {
  useDocumentTitle('Regiment Registrations');
  return (
    <AdminGate>
      <div className="space-y-8">
        <AdminPageHeader title="Regiment Registrations" description="Approve or reject requests for new regiments." />
        <RegimentRegistrations />
        <AllRegimentsTable />
      </div>
    </AdminGate>
  );
}

export { AdminRegimentsPage as Component };
