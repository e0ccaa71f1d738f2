import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration', () => {
  it('runs with no environment at all, on the embedded defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      dataDir: path.resolve('./data'),
      publicUrl: 'http://localhost:8080',
      databaseUrl: undefined,
      smtpUrl: undefined,
      googleClientId: undefined,
      demoData: true,
    });
    expect(loadConfig({ DEMO_DATA: 'false' }).demoData).toBe(false);
  });

  it('reads PORT, DATA_DIR and the service URLs', () => {
    const config = loadConfig({
      PORT: '9090',
      DATA_DIR: '/var/lib/mawadda',
      DATABASE_URL: 'postgres://u:p@db:5432/mawadda',
      PUBLIC_URL: 'https://mawadda.example/',
    });
    expect(config.port).toBe(9090);
    expect(config.dataDir).toBe('/var/lib/mawadda');
    expect(config.databaseUrl).toBe('postgres://u:p@db:5432/mawadda');
    expect(config.publicUrl).toBe('https://mawadda.example');
  });

  it('stops on a wrong value with a message naming each variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrowError(
      /Invalid configuration:\n {2}PORT: .*\n {2}DATABASE_URL: must be a URL like postgres:/,
    );
    expect(() => loadConfig({ SMTP_URL: 'not a url' })).toThrowError(/SMTP_URL/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrowError(/LOG_LEVEL/);
    expect(() => loadConfig({ DEMO_DATA: 'no' })).toThrowError(/DEMO_DATA: must be true or false/);
  });

  it('keeps the last tenth of the connections for members with no socket, and never drops a client that sends its heart-beats', () => {
    expect(loadConfig({ MAX_CONNECTIONS: '4000' }).broker).toMatchObject({
      maxSilenceMs: 60_000,
      socketsPerMember: 5,
      crowdedAt: 3600,
    });
    expect(() => loadConfig({ WS_HEARTBEAT_SECONDS: '40', WS_SILENCE_SECONDS: '60' })).toThrowError(
      /WS_SILENCE_SECONDS: must be at least twice WS_HEARTBEAT_SECONDS/,
    );
  });
});
