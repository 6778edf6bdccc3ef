/** Editing and deleting officers and regiments (spec sections 2, 4 and 8). */
export const manageMessages = {
  officerUpdateFailed: 'Failed to update officer',
  officerDeleteFailed: 'Failed to delete officer',
  profileDeleteFailed: 'Failed to delete profile',
  regimentUpdateFailed: 'Failed to update regiment',
  regimentDeleteFailed: 'Failed to delete regiment',
  officerDeletedTitle: 'Officer Deleted',
  officerDeleted: 'The officer and all associated reviews have been permanently removed from the system.',
  profileDeleted: 'Your officer profile and its reviews have been removed. Your account remains, no longer linked to an officer.',
  regimentDeleted:
    'The regiment, its officers, all their reviews and every officer registration for it have been permanently removed from the system.',
  notOfficerOwner: 'You can only change your own officer profile.',
  notRegimentOwner: 'Only the owner of this regiment or an administrator can edit it.',
  regimentNameTaken: 'A regiment with this name already exists.',
  // Officer and regiment page actions (spec sections 2 and 6).
  editMyProfile: 'Edit My Profile',
  deleteMyProfile: 'Delete My Profile',
  editOfficer: 'Edit Officer',
  deleteOfficer: 'Delete Officer',
  editRegiment: 'Edit Regiment',
  deleteRegiment: 'Delete Regiment',
  officerUpdatedTitle: 'Officer Updated',
  profileUpdatedTitle: 'Profile Updated',
  profileDeletedTitle: 'Profile Deleted',
  regimentUpdatedTitle: 'Regiment Updated',
  regimentDeletedTitle: 'Regiment Deleted',
} as const;
