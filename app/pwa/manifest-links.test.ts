import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfigError, getRuntimeConfig, parseRuntimeConfig } from '~/config/env';
import type * as Env from '~/config/env';
import { pwaLinks } from './manifest-links';

vi.mock('~/config/env', async (importOriginal) => ({
  ...(await importOriginal<typeof Env>()),
  getRuntimeConfig: vi.fn(),
}));

const config = vi.mocked(getRuntimeConfig);

describe('the manifest links', () => {
  beforeEach(() => config.mockReset());

  it('link the manifest and the home-screen icon when the PWA flag is on', () => {
    config.mockReturnValue(parseRuntimeConfig({ VITE_PWA_ENABLED: 'true' }));
    expect(pwaLinks()).toEqual([
      { rel: 'manifest', href: '/manifest.webmanifest' },
      { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png', sizes: '180x180' },
    ]);
  });

  it('are absent when the PWA flag is off', () => {
    config.mockReturnValue(parseRuntimeConfig({ VITE_PWA_ENABLED: 'false' }));
    expect(pwaLinks()).toEqual([]);
  });

  it('are absent, without throwing, when the configuration is broken', () => {
    // Once: code outside this module reads the configuration after the test too.
    config.mockImplementationOnce(() => {
      throw new ConfigError([{ variable: 'VITE_FIREBASE_API_KEY', problem: 'is missing' }]);
    });
    expect(pwaLinks()).toEqual([]);
  });
});
