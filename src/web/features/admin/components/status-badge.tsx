import { Badge } from '#web/components/ui/feedback';
import { registrationStatusLabel } from '#web/features/admin/registration-status';

/** 'Approved' in green, 'Rejected' (anything else processed) in red (spec section 4). */
export function RegistrationStatusBadge({ status }: { status: string }) {
  const isApproved = status === 'approved';
  return <Badge className={isApproved ? 'bg-green-100 text-green-800' : 'bg-red-100 text-red-800'}>{registrationStatusLabel(status)}</Badge>;
}
