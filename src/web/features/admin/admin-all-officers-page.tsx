import { adminMessages } from '#core/messages/admin';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { AdminGate } from './components/admin-gate';
import { AdminPageHeader } from './components/admin-page-header';
import { AllOfficersTable } from './components/all-officers-table';

/** /admin/officers/all (spec section 2): only the table of every officer. */
function AdminAllOfficersPage() {
  useDocumentTitle(adminMessages.allOfficers);
  return (
    <AdminGate>
      <div className="space-y-8">
        <AdminPageHeader title={adminMessages.allOfficers} description="Every officer on the site." />
        <AllOfficersTable />
      </div>
    </AdminGate>
  );
}

export { AdminAllOfficersPage as Component };
