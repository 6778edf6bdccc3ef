import { LIMITS } from '../constants.js';

/** Regiment and officer registration requests and their review by admins (spec sections 2, 4 and 8). */
export const registrationsMessages = {
  regimentSubmittedTitle: 'Regiment Registration Submitted',
  officerSubmittedTitle: 'Officer Registration Submitted',
  regimentSubmitted: 'Your regiment registration has been submitted and is awaiting approval.',
  officerSubmitted: 'Your officer registration has been submitted and is awaiting approval.',
  failedTitle: 'Registration Failed',
  formErrorTitle: 'Form Error',
  formError: 'There was an error processing your form. Please check your inputs.',
  authErrorTitle: 'Authentication Error',
  userIdUnknown: 'Your user ID could not be determined. Please try logging in again.',
  loginToRegisterRegiment: 'You need to login with Steam to register a regiment.',
  loginToRegisterOfficer: 'You need to login with Steam to register as an officer.',
  approvedTitle: 'Registration Approved',
  regimentApproved: 'The regiment has been approved and created.',
  officerApproved: 'The officer has been approved and created.',
  rejectedTitle: 'Registration Rejected',
  rejected: 'The registration has been rejected.',
  alreadyProcessed: 'This registration has already been processed.',
  // The /register-regiment and /register-officer forms (spec sections 2 and 9).
  submitRegistration: 'Submit Registration',
  approvalNote: 'An administrator reviews every registration. Approval may take up to 48 hours.',
  sideHint: 'Union or Confederate',
  rankHint: 'For example Col., Gen. or Maj. Gen.',
  alreadyOfficerTitle: 'You already have an officer profile',
  alreadyOfficer: 'Each account can be linked to one officer. You can edit your profile from its page.',
  viewMyProfile: 'View My Profile',
  // The server's refusals of a submission and of a decision.
  notOwnAccount: 'You can only submit registrations for your own account.',
  regimentNamePending: 'A registration for a regiment with this name is already awaiting approval.',
  alreadyHasOfficer: 'You already have an officer profile.',
  officerPending:
    'You already have an officer registration awaiting approval. Please wait for an administrator to decide on it before submitting another.',
  regimentPendingLimit: `You already have ${LIMITS.pendingRegimentRegistrationsPerUser} regiment registrations awaiting approval. Please wait for an administrator to decide on them before submitting another.`,
  regimentNameTakenOnApproval: 'A regiment with this name already exists. Reject this registration or ask the requester for another name.',
  regimentUnavailable: 'The regiment of this registration no longer exists.',
  requesterAlreadyOfficer: 'The requester already has an officer profile.',
  /** 'Apply again' after a rejection (issue 36, item 6): the form starts from the rejected request. */
  rejectedRequestTitle: 'Your earlier request was rejected',
  rejectedRequestIntro: 'The form holds what you sent last time. Change what the administrator asked for, then submit it again.',
  rejectedRequestNoNotes: 'The administrator left no notes.',
} as const;
