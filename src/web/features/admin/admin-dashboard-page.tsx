import { Flag, Scale, Shield, ShieldAlert, UserRound, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { adminMessages } from '#core/messages/admin';
import { waveMessages } from '#core/messages/waves';
import { commonMessages } from '#core/messages/common';
import { useAdminDashboard, useModerationSummary } from '#web/api/admin';
import { useIsAdmin } from '#web/api/auth';
import { staffMessages } from '#core/messages/staff';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { Skeleton } from '#web/components/ui/feedback';
import { LoadFailedAlert } from '#web/components/load-failed-alert';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { AdminGate } from './components/admin-gate';
import { AdminPageHeader } from './components/admin-page-header';
import { RecentActivity } from './components/recent-activity';
import { SystemStatus } from './components/system-status';

/**
 * /admin (spec section 2): pending counts, the way to every admin screen, the audit log and live
 * status. A moderator (issue 33) gets the moderation dashboard here instead: what waits in the queue.
 */
function AdminDashboardPage() {
  const isAdmin = useIsAdmin();
  useDocumentTitle(isAdmin ? 'Admin Dashboard' : staffMessages.moderationDashboard);
  return <AdminGate audience="staff">{isAdmin ? <AdminDashboard /> : <ModerationDashboard />}</AdminGate>;
}

function ModerationDashboard() {
  const summary = useModerationSummary();
  const counts = summary.data;
  return (
    <div className="space-y-8">
      <AdminPageHeader
        title={staffMessages.moderationDashboard}
        description="Flagged reviews and replies, and bursts of reviews held out of the ratings, waiting for a moderator."
        showBackLink={false}
      />
      {summary.isError && !counts && (
        <LoadFailedAlert title="The dashboard could not be loaded" error={summary.error} onRetry={() => void summary.refetch()} />
      )}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <PendingCountCard
          title="Flagged Reviews and Replies"
          count={counts?.flaggedItems}
          isPending={summary.isPending}
          icon={<Flag className="h-5 w-5" aria-hidden />}
          action={<Link to="/admin/reviews">{adminMessages.reviewModeration}</Link>}
        />
        <PendingCountCard
          title={waveMessages.dashboardOpenWaves}
          count={counts?.openReviewWaves}
          isPending={summary.isPending}
          icon={<ShieldAlert className="h-5 w-5" aria-hidden />}
          action={<Link to="/admin/reviews">{adminMessages.reviewModeration}</Link>}
        />
        <PendingCountCard
          title="Open Appeals"
          count={counts?.openAppeals}
          isPending={summary.isPending}
          icon={<Scale className="h-5 w-5" aria-hidden />}
          action={<Link to="/admin/reviews">{adminMessages.reviewModeration}</Link>}
        />
      </div>
    </div>
  );
}

function AdminDashboard() {
  const dashboard = useAdminDashboard();
  const counts = dashboard.data;

  return (
    <div className="space-y-8">
      <AdminPageHeader
        title="Admin Dashboard"
        description="Registrations waiting for a decision, and the tools to run the site."
        showBackLink={false}
      />

      {dashboard.isError && !counts && (
        <LoadFailedAlert title="The dashboard could not be loaded" error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      )}

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <PendingCountCard
          title="Pending Regiment Registrations"
          count={counts?.pendingRegimentRegistrations}
          isPending={dashboard.isPending}
          icon={<Shield className="h-5 w-5" aria-hidden />}
          action={<Link to="/admin/regiments">{adminMessages.reviewRegiments}</Link>}
        />
        <PendingCountCard
          title="Pending Officer Registrations"
          count={counts?.pendingOfficerRegistrations}
          isPending={dashboard.isPending}
          icon={<UserRound className="h-5 w-5" aria-hidden />}
          action={<Link to="/admin/officers">{adminMessages.reviewOfficers}</Link>}
        />
        <PendingCountCard
          title={waveMessages.dashboardOpenWaves}
          count={counts?.openReviewWaves}
          isPending={dashboard.isPending}
          icon={<ShieldAlert className="h-5 w-5" aria-hidden />}
          action={<Link to="/admin/reviews">{adminMessages.reviewModeration}</Link>}
        />
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Content Management</CardTitle>
          <CardDescription>Every regiment, officer, flagged review and user account.</CardDescription>
        </CardHeader>
        <CardContent>
          <nav aria-label="Content management" className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <ManagementLink to="/admin/regiments/all" icon={<Shield className="h-4 w-4" aria-hidden />} label={commonMessages.allRegiments} />
            <ManagementLink to="/admin/officers/all" icon={<UserRound className="h-4 w-4" aria-hidden />} label={adminMessages.allOfficers} />
            <ManagementLink to="/admin/reviews" icon={<Flag className="h-4 w-4" aria-hidden />} label={adminMessages.reviewModeration} />
            <ManagementLink to="/admin/manage-users" icon={<Users className="h-4 w-4" aria-hidden />} label={adminMessages.userManagement} />
          </nav>
        </CardContent>
      </Card>

      <Tabs defaultValue="activity">
        <TabsList className="flex w-full sm:inline-flex sm:w-auto">
          <TabsTrigger value="activity" className="flex-1 sm:flex-none">
            {adminMessages.recentActivity}
          </TabsTrigger>
          <TabsTrigger value="status" className="flex-1 sm:flex-none">
            {adminMessages.systemStatus}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="activity">
          <RecentActivity activity={counts?.recentActivity} isPending={dashboard.isPending} error={dashboard.error} />
        </TabsContent>
        <TabsContent value="status">
          <SystemStatus />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function PendingCountCard({
  title,
  count,
  isPending,
  icon,
  action,
}: {
  title: string;
  count: number | undefined;
  isPending: boolean;
  icon: ReactNode;
  /** The link to the screen where these requests are decided. */
  action: ReactNode;
}) {
  const headingId = `pending-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle id={headingId} className="text-base">
          {title}
        </CardTitle>
        <span className="text-stone-500">{icon}</span>
      </CardHeader>
      <CardContent className="flex flex-wrap items-end justify-between gap-3">
        {isPending ? <Skeleton className="h-10 w-16" /> : <p className="text-4xl font-bold text-primary tabular-nums">{count ?? '—'}</p>}
        <Button asChild variant="brass">
          {action}
        </Button>
      </CardContent>
    </Card>
  );
}

function ManagementLink({ to, icon, label }: { to: string; icon: ReactNode; label: string }) {
  return (
    <Button asChild variant="outline" className="justify-start">
      <Link to={to}>
        {icon}
        {label}
      </Link>
    </Button>
  );
}

export { AdminDashboardPage as Component };
