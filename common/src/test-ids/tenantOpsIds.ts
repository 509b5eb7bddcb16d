/**
 * data-testid values of the tenants' half-wired calls in the provider console (issue 37): the bulk
 * move to a deployment and its job, the default deployment, the tenant's actions (rolloutinit,
 * tenantpolicyinit), the RBAC list's editor and a tenant user's editor and pages. Never rename one.
 */
export const tenantOpsIds = {
  /** The tenants grid's "Move to deployment" button (the selected tenants). */
  moveOpen: 'tenants-move-open',
  moveDialog: 'tenants-move-dialog',
  moveDeployment: 'tenants-move-deployment',
  moveSubmit: 'tenants-move-submit',
  moveProgress: 'tenants-move-progress',
  /** The job's end: `data-status` finished or failed. */
  moveOutcome: 'tenants-move-outcome',
  /** `${moveResult}-${tid}`: one tenant's result. */
  moveResult: 'tenants-move-result',
  moveClose: 'tenants-move-close',
  defaultDeployment: 'default-deployment-control',
  defaultDeploymentSelect: 'default-deployment-select',
  defaultDeploymentSave: 'default-deployment-save',
  /** The tenant detail's actions menu and its two commands. */
  actionsMenu: 'tenant-actions-menu',
  actionRolloutInit: 'tenant-action-rolloutinit',
  actionPolicyInit: 'tenant-action-tenantpolicyinit',
  commandDialog: 'tenant-command-dialog',
  commandChoice: 'tenant-command-choice',
  commandSubmit: 'tenant-command-submit',
  commandResult: 'tenant-command-result',
  /** The RBAC tab's editor: `${rbacRole}-${username}` per account. */
  rbacEdit: 'tenant-rbac-edit',
  rbacRole: 'tenant-rbac-role',
  rbacSave: 'tenant-rbac-save',
  rbacCancel: 'tenant-rbac-cancel',
  /** The Users tab: `${userEdit}-${uid}` per user, the edit dialog and the pager. */
  userEdit: 'tenant-user-edit',
  userForm: 'tenant-user-form',
  userSubmit: 'tenant-user-submit',
  usersPager: 'tenant-users-pager',
} as const;
