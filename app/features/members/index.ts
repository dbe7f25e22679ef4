export { TemporaryPassword } from './TemporaryPassword';
export { inviteMember } from './member-actions';
export { mayManageMembers } from './member-rules';
