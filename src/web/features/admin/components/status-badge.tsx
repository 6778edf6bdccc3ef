import { Badge } from '../../../components/ui/feedback';
import { registrationStatusLabel } from '../registration-status';

/** 'Approved' in green, 'Rejected' (anything else processed) in red (spec section 4). */
export function RegistrationStatusBadge({ status }: { status: string }) {
  const isApproved = status === 'approved';
  return <Badge className={isApproved ? 'bg-green-100 text-green-800' : 'bg-red-100 text-red-800'}>{registrationStatusLabel(status)}</Badge>;
}
