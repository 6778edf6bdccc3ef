import { commonMessages } from '#core/messages/common';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { AdminGate } from './components/admin-gate';
import { AdminPageHeader } from './components/admin-page-header';
import { AllRegimentsTable } from './components/all-regiments-table';

/** /admin/regiments/all (spec section 2): only the table of every regiment. */
function AdminAllRegimentsPage() {
  useDocumentTitle(commonMessages.allRegiments);
  return (
    <AdminGate>
      <div className="space-y-8">
        <AdminPageHeader title={commonMessages.allRegiments} description="Every regiment on the site." />
        <AllRegimentsTable />
      </div>
    </AdminGate>
  );
}

export { AdminAllRegimentsPage as Component };
