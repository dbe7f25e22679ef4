import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEVICE_ID_KEY,
  deviceId,
  enablePush,
  forgetDevice,
  isDeviceRegistered,
  platformLabel,
  pushStatus,
  touchDevice,
  type PushEnvironment,
} from './device';

const documents = vi.hoisted(() => ({
  setDocument: vi.fn(),
  updateDocument: vi.fn(),
  deleteDocument: vi.fn(),
}));
vi.mock('~/backend/documents', () => documents);
vi.mock('~/config/env', () => ({ getRuntimeConfig: () => ({ mode: 'demo' }) }));
vi.mock('~/auth/session', () => ({ addSignOutStep: vi.fn() }));

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1';
const env = (patch: Partial<PushEnvironment> = {}): PushEnvironment => ({
  userAgent: CHROME,
  maxTouchPoints: 0,
  standalone: false,
  hasNotification: true,
  hasServiceWorker: true,
  hasPushManager: true,
  permission: 'default',
  registered: false,
  ...patch,
});

beforeEach(() => {
  localStorage.clear();
  for (const fn of Object.values(documents)) {
    fn.mockReset();
    fn.mockResolvedValue({ success: true, message: 'ok' });
  }
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-28T09:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('pushStatus', () => {
  it('tells iOS Safari outside the Home Screen to install first, and not once installed', () => {
    expect(pushStatus(env({ userAgent: IPHONE, hasPushManager: false }))).toBe('ios-install');
    expect(pushStatus(env({ userAgent: IPHONE, standalone: true }))).toBe('off');
  });

  it('is unsupported without the APIs, blocked when refused, on only once registered', () => {
    expect(pushStatus(env({ hasPushManager: false }))).toBe('unsupported');
    expect(pushStatus(env({ hasNotification: false }))).toBe('unsupported');
    expect(pushStatus(env({ permission: 'denied' }))).toBe('blocked');
    expect(pushStatus(env({ permission: 'granted' }))).toBe('off');
    expect(pushStatus(env({ permission: 'granted', registered: true }))).toBe('on');
  });
});

describe('device registration', () => {
  it('keeps one random device id per browser', () => {
    const id = deviceId();
    expect(id).toMatch(/^[A-Za-z0-9-]{8,64}$/);
    expect(deviceId()).toBe(id);
    expect(localStorage.getItem(DEVICE_ID_KEY)).toBe(id);
  });

  it('writes the demo token under the person’s devices once permission is granted', async () => {
    const result = await enablePush('u1', () => Promise.resolve('granted'));
    expect(result).toEqual({ ok: true });
    const id = deviceId();
    expect(documents.setDocument).toHaveBeenCalledWith('Members/u1/devices', id, {
      token: `demo:${id}`,
      platform: expect.any(String),
      lastSeen: '2026-11-28T09:00:00.000Z',
      createdAt: '2026-11-28T09:00:00.000Z',
    });
    expect(isDeviceRegistered()).toBe(true);
  });

  it('writes nothing when permission is refused', async () => {
    const result = await enablePush('u1', () => Promise.resolve('denied'));
    expect(result).toMatchObject({ ok: false, status: 'blocked' });
    expect(documents.setDocument).not.toHaveBeenCalled();
    expect(isDeviceRegistered()).toBe(false);
  });

  it('refreshes lastSeen at most once a day', async () => {
    await enablePush('u1', () => Promise.resolve('granted'));
    expect(await touchDevice('u1')).toBe(false);
    vi.setSystemTime(new Date('2026-11-29T08:00:00Z'));
    expect(await touchDevice('u1')).toBe(true);
    expect(documents.updateDocument).toHaveBeenCalledWith('Members/u1/devices', deviceId(), {
      lastSeen: '2026-11-29T08:00:00.000Z',
    });
    expect(await touchDevice('u1')).toBe(false);
    expect(documents.updateDocument).toHaveBeenCalledTimes(1);
  });

  it('deletes this device’s document at sign-out, and only when registered', async () => {
    const drop = vi.fn(() => Promise.resolve());
    await forgetDevice('u1', drop);
    expect(documents.deleteDocument).not.toHaveBeenCalled();
    expect(drop).not.toHaveBeenCalled();
    await enablePush('u1', () => Promise.resolve('granted'));
    const registered = deviceId();
    await forgetDevice('u1', drop);
    expect(documents.deleteDocument).toHaveBeenCalledWith('Members/u1/devices', registered);
    expect(isDeviceRegistered()).toBe(false);
    expect(drop).toHaveBeenCalledOnce();
  });

  it('lets go of the token even when the document cannot be deleted (offline)', async () => {
    documents.deleteDocument.mockRejectedValueOnce(new Error('offline'));
    const drop = vi.fn(() => Promise.resolve());
    await enablePush('u1', () => Promise.resolve('granted'));
    const registered = deviceId();
    await forgetDevice('u1', drop);
    expect(drop).toHaveBeenCalledOnce();
    // A new id, so the next person here registers a new `demo:<id>` (or FCM) token.
    expect(deviceId()).not.toBe(registered);
    expect(isDeviceRegistered()).toBe(false);
  });
});

describe('platformLabel', () => {
  it('names the platform and browser briefly', () => {
    expect(platformLabel(CHROME)).toBe('desktop · Chrome');
    expect(platformLabel(IPHONE)).toBe('ios · Safari');
  });
});
