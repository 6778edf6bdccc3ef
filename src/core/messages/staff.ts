/** Staff roles and moderation (issue 33): what moderators and admins are told, and what the user affected is told. */
export const staffMessages = {
  moderatorAccessRequired: 'Moderator access required.',
  roleLabels: { user: 'User', moderator: 'Moderator', admin: 'Admin' },
  roleChangedTitle: 'Role Changed',
  roleChanged: (username: string, role: string) => `${username} is now ${role === 'user' ? 'a user' : `a ${role}`}.`,
  roleChangeFailedTitle: 'Role Change Failed',
  cannotChangeOwnRole: 'You cannot change your own role.',
  cannotChangeAdminRole: "An administrator's role cannot be changed here.",
  roleColumn: 'Role',
  removalTold: 'Its author is told why, and may appeal; it is kept hidden until the appeal window ends.',
  assigneeNotStaff: 'A case can only be assigned to a moderator or an admin.',
  cannotSuspendStaff: 'Staff are not suspended: an admin takes the role away first.',
  alreadyBanned: 'This account is banned for good; a suspension would not change that.',
  userSuspendedTitle: 'User Suspended',
  userSuspended: (id: number, until: string) => `User ID ${id} is suspended until ${until}.`,
  moderationDashboard: 'Moderation Dashboard',
} as const;
