import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { loadConfig } from './config.ts';
import { withSettingsTable } from './config-docs.ts';
import { SETTINGS } from './config-settings.ts';

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

  it('serves metrics only when a port is set, on the loopback unless a token guards them', () => {
    expect(loadConfig({}).metrics).toEqual({
      port: undefined,
      host: '127.0.0.1',
      token: undefined,
    });
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics.port).toBe(9464);
    expect(() => loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' })).toThrowError(
      /METRICS_TOKEN: required when METRICS_HOST is not a loopback address/,
    );
    const token = 'm'.repeat(32);
    expect(loadConfig({ METRICS_HOST: '10.0.0.5', METRICS_TOKEN: token }).metrics).toEqual({
      port: undefined,
      host: '10.0.0.5',
      token,
    });
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrowError(
      /METRICS_TOKEN: must be at least 32 characters/,
    );
  });

  it('takes a VAPID key pair, both keys or neither, and a mailto: or https: subject', () => {
    const keys = webpush.generateVAPIDKeys();
    const other = webpush.generateVAPIDKeys();
    expect(loadConfig({})).toMatchObject({
      vapidKeys: undefined,
      vapidSubject: 'mailto:no-reply@mawadda.local',
      pushSubscriptionsPerMember: 10,
      pushLoopbackEndpoints: false,
    });
    const set = loadConfig({
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: 'https://mawadda.example/contact',
      PUSH_SUBSCRIPTIONS_PER_MEMBER: '3',
    });
    expect(set).toMatchObject({
      vapidKeys: keys,
      vapidSubject: 'https://mawadda.example/contact',
      pushSubscriptionsPerMember: 3,
    });
    expect(loadConfig({ MAIL_FROM: 'Mawadda <hello@mawadda.example>' }).vapidSubject).toBe(
      'mailto:hello@mawadda.example',
    );
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.publicKey })).toThrowError(
      /VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both/,
    );
    expect(() =>
      loadConfig({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: other.privateKey }),
    ).toThrowError(/not a pair/);
    expect(() =>
      loadConfig({ VAPID_PUBLIC_KEY: keys.publicKey.slice(1), VAPID_PRIVATE_KEY: keys.privateKey }),
    ).toThrowError(/VAPID_PUBLIC_KEY: must be an uncompressed P-256 public key/);
    expect(() =>
      loadConfig({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: `${keys.privateKey}=` }),
    ).toThrowError(/VAPID_PRIVATE_KEY: must be a P-256 private key/);
    for (const subject of ['hello@mawadda.example', 'http://mawadda.example', 'mailto:nobody']) {
      expect(() => loadConfig({ VAPID_SUBJECT: subject })).toThrowError(
        /VAPID_SUBJECT: must be a mailto: address or an https: URL/,
      );
    }
    expect(() => loadConfig({ PUSH_SUBSCRIPTIONS_PER_MEMBER: '0' })).toThrowError(
      /PUSH_SUBSCRIPTIONS_PER_MEMBER/,
    );
  });

  it('has the scam shield on with its thresholds, and a new account’s lower limits, validated', () => {
    const config = loadConfig({});
    expect(config.scamShield).toEqual({
      enabled: true,
      slowAfterPerHour: 3,
      slowedPerMinute: 2,
      reportAfterPerDay: 6,
    });
    expect(config.newAccount).toEqual({
      ms: 48 * 60 * 60 * 1000,
      likesPerDay: 30,
      firstMessagesPerDay: 5,
    });
    expect(loadConfig({ SCAM_SHIELD: 'false', NEW_ACCOUNT_HOURS: '0' }).scamShield.enabled).toBe(
      false,
    );
    expect(() => loadConfig({ SCAM_SHIELD: 'off' })).toThrowError(
      /SCAM_SHIELD: must be true or false/,
    );
    expect(() => loadConfig({ SHIELD_SLOW_AFTER_PER_HOUR: '0' })).toThrowError(
      /SHIELD_SLOW_AFTER_PER_HOUR/,
    );
    expect(() =>
      loadConfig({ SHIELD_SLOW_AFTER_PER_HOUR: '5', SHIELD_REPORT_AFTER_PER_DAY: '4' }),
    ).toThrowError(/SHIELD_REPORT_AFTER_PER_DAY: must be at least SHIELD_SLOW_AFTER_PER_HOUR/);
    expect(() => loadConfig({ NEW_ACCOUNT_LIKES_PER_DAY: '500' })).toThrowError(
      /NEW_ACCOUNT_LIKES_PER_DAY: must be at most LIKES_PER_DAY/,
    );
    expect(() => loadConfig({ NEW_ACCOUNT_FIRST_MESSAGES_PER_DAY: '21' })).toThrowError(
      /NEW_ACCOUNT_FIRST_MESSAGES_PER_DAY: must be at most FIRST_MESSAGES_PER_DAY/,
    );
    expect(() => loadConfig({ NEW_ACCOUNT_HOURS: '-1' })).toThrowError(/NEW_ACCOUNT_HOURS/);
  });

  it('mails the digest two hours after the news, looks every five minutes, and signs its links', () => {
    expect(loadConfig({})).toMatchObject({
      digestDelayMs: 2 * 60 * 60 * 1000,
      digestEveryMs: 5 * 60 * 1000,
      unsubscribeSecret: undefined,
    });
    const set = loadConfig({
      DIGEST_DELAY_MINUTES: '30',
      DIGEST_EVERY_MINUTES: '0',
      UNSUBSCRIBE_SECRET: 'x'.repeat(32),
    });
    expect(set).toMatchObject({ digestDelayMs: 30 * 60 * 1000, digestEveryMs: 0 });
    expect(set.unsubscribeSecret?.toString()).toBe('x'.repeat(32));
    expect(() => loadConfig({ DIGEST_DELAY_MINUTES: '2' })).toThrowError(/DIGEST_DELAY_MINUTES/);
    expect(() => loadConfig({ DIGEST_EVERY_MINUTES: '-1' })).toThrowError(/DIGEST_EVERY_MINUTES/);
    expect(() => loadConfig({ UNSUBSCRIBE_SECRET: 'short' })).toThrowError(
      /UNSUBSCRIBE_SECRET: must be at least 32 characters/,
    );
  });

  it('keeps media on the disk unless MEDIA_STORE_URL names a bucket, whose keys it then asks for', () => {
    expect(loadConfig({}).objectStore).toBeUndefined();
    const keys = { MEDIA_STORE_ACCESS_KEY_ID: 'AKIA1', MEDIA_STORE_SECRET_ACCESS_KEY: 'secret' };
    expect(
      loadConfig({
        MEDIA_STORE_URL: 's3://mawadda-media/prod/eu',
        MEDIA_STORE_REGION: 'eu-west-3',
        ...keys,
      }).objectStore,
    ).toEqual({
      bucket: 'mawadda-media',
      prefix: 'prod/eu/',
      endpoint: 'https://s3.eu-west-3.amazonaws.com',
      region: 'eu-west-3',
      accessKeyId: 'AKIA1',
      secretAccessKey: 'secret',
      forcePathStyle: false,
    });
    expect(
      loadConfig({
        MEDIA_STORE_URL: 's3://media',
        MEDIA_STORE_ENDPOINT: 'http://minio.internal:9000',
        MEDIA_STORE_FORCE_PATH_STYLE: 'true',
        ...keys,
      }).objectStore,
    ).toMatchObject({ prefix: '', endpoint: 'http://minio.internal:9000', forcePathStyle: true });
    expect(() => loadConfig({ MEDIA_STORE_URL: 'https://bucket.example', ...keys })).toThrowError(
      /MEDIA_STORE_URL: must be s3:\/\/bucket/,
    );
    expect(() => loadConfig({ MEDIA_STORE_URL: 's3://media' })).toThrowError(
      /MEDIA_STORE_ACCESS_KEY_ID and MEDIA_STORE_SECRET_ACCESS_KEY: required with MEDIA_STORE_URL/,
    );
    expect(() => loadConfig({ MEDIA_STORE_ENDPOINT: 'https://s3.example', ...keys })).toThrowError(
      /MEDIA_STORE_URL: required with the other MEDIA_STORE_ settings/,
    );
    expect(() =>
      loadConfig({ MEDIA_STORE_URL: 's3://media', MEDIA_STORE_FORCE_PATH_STYLE: 'yes', ...keys }),
    ).toThrowError(/MEDIA_STORE_FORCE_PATH_STYLE: must be true or false/);
  });

  it('never prints a secret, however wrong its value', () => {
    const secrets = Object.entries(SETTINGS).filter(([, setting]) => setting.secret);
    expect(secrets.length).toBeGreaterThan(10);
    const value = 'sk_not-what-was-asked-for';
    const refusals = secrets.flatMap(([name]) => {
      try {
        loadConfig({ [name]: value });
        return [];
      } catch (error) {
        return [(error as Error).message];
      }
    });
    expect(refusals.length).toBeGreaterThan(10);
    for (const message of refusals) expect(message).not.toContain(value);
  });

  it('has docs/configuration.md list every setting as config-settings.ts declares it (npm run docs:config)', () => {
    const file = path.resolve(import.meta.dirname, '../../../docs/configuration.md');
    const doc = fs.readFileSync(file, 'utf8');
    expect(doc).toContain('| `REPORTS_PER_DAY` | `10` |');
    expect(doc, 'docs/configuration.md is stale: run npm run docs:config').toBe(
      withSettingsTable(doc),
    );
  });
});
