/** Staff roles and moderation (issue 33): what moderators and admins are told, and what the user affected is told. */
export const staffMessages = {
  moderatorAccessRequired: 'Moderator access required.',
  moderationAccessDenied: 'You must be logged in as a moderator or administrator to access this page.',
  roleLabels: { user: 'User', moderator: 'Moderator', admin: 'Admin' },
  roleChangedTitle: 'Role Changed',
  roleChanged: (username: string, role: string) => `${username} is now ${role === 'user' ? 'a user' : `a ${role}`}.`,
  roleChangeFailedTitle: 'Role Change Failed',
  cannotChangeOwnRole: 'You cannot change your own role.',
  cannotChangeAdminRole: "An administrator's role cannot be changed here.",
  roleColumn: 'Role',
  moderationDashboard: 'Moderation Dashboard',
} as const;
