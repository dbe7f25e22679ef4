// PLACEHOLDER written by the lead; the helper who owns this file replaces all of it.
import type { SessionUser } from '~/auth/session-user';

export interface ParentData {
  placeholder: true;
}

export async function parentInquiriesLoader(_user: SessionUser, _request: Request): Promise<ParentData> {
  return { placeholder: true };
}

export async function parentInquiriesAction(_user: SessionUser, _request: Request) {
  return null;
}
