// Who is calling: the fake decodes the Bearer ID token, maps claims to roles with the app's own
// rolesFromClaims, and resolves the member's links through a rule-free, memoised view of the store.
import { DEMO_STAFF_DOMAINS } from '../app/config/demo';
import { latestSchoolDay } from '../app/domain/clock';
import {
  resolvePrincipal,
  type PermissionContext,
  type Principal,
} from '../app/domain/permissions';
import { rolesFromClaims } from '../app/domain/roles';
import { store } from './store';
import { callerFromRequest, type CallerResult } from './tokens';
import { decodeFields } from './values';

/**
 * Today for the rules, from the one clock: the latest school day of any campus (so a roll call of
 * today at any campus is within "dates up to today"), as the app's permission matrix checks it.
 */
export function rulesToday(): string {
  const campuses = store.list('campuses').map(([id, doc]) => {
    const zone = decodeFields(doc.fields).timezone;
    return { id, timezone: typeof zone === 'string' ? zone : null };
  });
  return latestSchoolDay(campuses);
}

/** A per-request view of the store with decoded documents (memoised: scopes reread them). */
export function createContext(): PermissionContext {
  const docs = new Map<string, Record<string, unknown> | null>();
  const lists = new Map<string, Array<{ id: string; data: Record<string, unknown> }>>();
  return {
    today: rulesToday(),
    get(path) {
      if (!docs.has(path)) {
        const stored = path.split('/').length % 2 === 0 ? store.get(path) : undefined;
        docs.set(path, stored ? decodeFields(stored.fields) : null);
      }
      return docs.get(path) ?? null;
    },
    list(collectionPath) {
      let list = lists.get(collectionPath);
      if (!list) {
        list = store
          .list(collectionPath)
          .map(([id, doc]) => ({ id, data: decodeFields(doc.fields) }));
        lists.set(collectionPath, list);
      }
      return list;
    },
  };
}

export type CallerPrincipal =
  { ok: true; principal: Principal | null; ctx: PermissionContext } | { ok: false };

/** Resolves the caller; `principal: null` is an unauthenticated request. */
export function principalFromRequest(request: Request): CallerPrincipal {
  return principalFromCaller(callerFromRequest(request));
}

/** Resolves an already decoded caller (Storage sends `Authorization: Firebase <token>`). */
export function principalFromCaller(result: CallerResult): CallerPrincipal {
  if (!result.ok) return { ok: false };
  const ctx = createContext();
  if (!result.caller) return { ok: true, principal: null, ctx };
  const { uid, email, claims } = result.caller;
  // As the rules read Members/{uid}.status: a suspended member's token, however fresh, opens nothing.
  const status = ctx.get(`Members/${uid}`)?.status;
  const active = status === undefined || status === 'active';
  const { roles } = active
    ? rolesFromClaims(claims, email, DEMO_STAFF_DOMAINS)
    : { roles: [] as const };
  const memberUUID = typeof claims.memberUUID === 'string' ? claims.memberUUID : null;
  return { ok: true, principal: resolvePrincipal({ uid, email, roles, memberUUID }, ctx), ctx };
}
