export { inviteMember } from './writes';
export { mayManageMembers } from './member-rules';
