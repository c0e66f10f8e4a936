// Process entry: configuration, database, HTTP (API + pages + assets), Socket.IO, shutdown.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { existsSync } from 'node:fs';
import pino from 'pino';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DatabaseLockedError } from './db/pglite-lock.ts';
import { migrateToLatest } from './db/migrate.ts';
import { createServices } from './services/index.ts';
import { openChangeFeed } from './feed/open-feed.ts';
import { buildApp, type AstroHandler } from './http/app.ts';
import { createAuth } from './auth/index.ts';
import { smsTransportFromConfig } from './auth/sms/index.ts';
import { AvatarStore } from './account/avatars.ts';
import { CoverStore } from './news/covers.ts';
import { createContactMailer } from './account/contact-mail.ts';
import { attachRealtime } from './realtime/index.ts';
import { createLive } from './realtime/fan-out.ts';
import { SocketBroadcaster } from './realtime/match-broadcaster.ts';
import { runStartUpWork } from './jobs/start-up.ts';
import { ReplayKeeper } from './jobs/replay.ts';
import { JobQueue } from './store/job-queue.ts';
import { listenForMatchAlerts, MatchAlerts, registerMatchAlertsJob, vapidSubject } from './push/alerts.ts';
import { vapidKeys } from './push/subscriptions.ts';
import { ReelFiles } from './reels/files.ts';
import { registerReelJobs } from './reels/transcode-job.ts';
import { scheduleCricsheetUpdates } from './ingest/updater.ts';
import { scheduleFixtureFeeds } from './ingest/fixture-feeds.ts';
import { LiveMatchWriter } from './store/live-match-writer.ts';
import { progressLine } from './ingest/progress.ts';
import { tags } from './feed/tags.ts';
import { backfillReports, listenForCompletedMatches, registerMatchReportJob } from './jobs/match-reports.ts';
import { registerMatchPreviewJob, scheduleMatchPreviews } from './jobs/match-previews.ts';
import { loggerOptions } from './logging.ts';
import { createSecurityHeaders } from './http/security-headers.ts';
import { PAGE_ROUTES } from '../pages/_routes.ts';

const IMPORT_PROGRESS_LOG_MS = 5_000;

// Built layout: dist/app/main.mjs beside dist/server/entry.mjs and dist/client/.
const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function loadAstroHandler(): Promise<AstroHandler | undefined> {
  const entry = path.join(distDir, 'server', 'entry.mjs');
  if (!existsSync(entry)) return undefined;
  const module = (await import(pathToFileURL(entry).href)) as { handler: AstroHandler };
  return module.handler;
}

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = pino(loggerOptions(config.LOG_LEVEL));
  const db = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const applied = await migrateToLatest(db);
  logger.info({ database: db.kind, applied }, 'database ready');

  // Redis when REDIS_URL is set, else LISTEN/NOTIFY on PostgreSQL, else this process only.
  const feed = await openChangeFeed({ redisUrl: config.REDIS_URL, databaseUrl: config.DATABASE_URL, logger });
  logger.info({ transport: feed.transportName }, 'change feed ready');
  const services = createServices(db, feed);
  // Profiles' Hindi names (Wikidata labels) over the shipped ones, before the first page renders.
  await services.localNames.load().catch((error: unknown) => logger.warn({ err: error }, 'Hindi names of profiles not loaded'));
  // Win probability's ratings and pars: every stored result since training replayed once here,
  // then followed from the feed (a failure is retried by the first win probability asked for).
  const ratingsStarted = performance.now();
  await services.winProbRatings.load().then(
    (results) => logger.info({ results, ms: Math.round(performance.now() - ratingsStarted) }, 'win-probability ratings follow the stored results'),
    (error: unknown) => logger.warn({ err: error }, 'win-probability ratings not loaded'),
  );
  const auth = createAuth({
    db,
    config: {
      publicOrigin: config.publicOrigin,
      originFromHost: config.PUBLIC_ORIGIN === undefined,
      corsOrigins: config.API_CORS_ORIGINS,
      sessionTtlDays: config.SESSION_TTL_DAYS,
      lockout: { accountFailures: config.LOGIN_FAILURES_PER_ACCOUNT, addressFailures: config.LOGIN_FAILURES_PER_ADDRESS, minutes: config.LOGIN_LOCKOUT_MINUTES },
    },
    logger,
    sms: smsTransportFromConfig(config, logger),
    redis: config.REDIS_URL ? { url: config.REDIS_URL } : undefined,
  });
  logger.info({ sms: auth.sms.name, limits: config.REDIS_URL ? 'redis' : 'memory' }, 'accounts ready');
  // The operator's copy of contact queries needs both a mail server and an address to send to.
  const contactMailer =
    config.SMTP_URL && config.CONTACT_EMAIL ? createContactMailer({ smtpUrl: config.SMTP_URL, to: config.CONTACT_EMAIL }) : null;
  logger.info({ contactEmail: contactMailer ? 'smtp' : 'off' }, 'contact queries ready');
  // Live events reach sockets once Socket.IO runs on the app's server (attached below).
  const broadcaster = new SocketBroadcaster();
  const live = createLive({ db, services, broadcaster, logger });
  const reelFiles = new ReelFiles(path.join(config.DATA_DIR, 'reels'));
  const mediaTools = { ffmpeg: config.FFMPEG_PATH, ffprobe: config.FFPROBE_PATH };
  const securityHeaders = createSecurityHeaders({ publicOrigin: config.publicOrigin, hstsMaxAgeS: config.HSTS_MAX_AGE });
  const app = await buildApp({
    services,
    logger,
    clientDir: path.join(distDir, 'client'),
    astroHandler: await loadAstroHandler(),
    pageRoutes: PAGE_ROUTES,
    operator: {
      contactEmail: config.CONTACT_EMAIL ?? null,
      contactPhone: config.CONTACT_PHONE ?? null,
      contactAddress: config.CONTACT_ADDRESS ?? null,
      androidAppUrl: config.ANDROID_APP_URL ?? null,
    },
    apiCorsOrigins: config.API_CORS_ORIGINS,
    trustProxyHops: config.TRUST_PROXY,
    securityHeaders,
    auth,
    avatars: new AvatarStore(path.join(config.DATA_DIR, 'avatars')),
    covers: new CoverStore(path.join(config.DATA_DIR, 'news-covers')),
    contactMailer,
    live,
    reelFiles,
    mediaTools,
  });
  const realtime = await attachRealtime(app.server, logger, {
    redisUrl: config.REDIS_URL,
    headers: securityHeaders.all,
    allowedOrigins: [config.publicOrigin],
    apiOrigins: config.API_CORS_ORIGINS,
    originFromHost: config.PUBLIC_ORIGIN === undefined,
    resolveUser: (token) => auth.resolveSession(token),
    catchUp: (matchKey, afterSequence) => live.catchUp(matchKey, afterSequence),
    snapshot: (matchKey) => live.snapshot(matchKey),
    socketsPerAddress: config.LIVE_SOCKETS_PER_ADDRESS,
    trustProxyHops: config.TRUST_PROXY,
  });
  broadcaster.attach(realtime.io, { apps: config.API_CORS_ORIGINS.length > 0, clustered: config.REDIS_URL !== undefined });
  await app.listen({ port: config.PORT, host: config.HOST });
  // Matches in play get their payloads built now rather than by their first ball after the start.
  live.primeMatchesInPlay().then(
    (primed) => logger.info({ primed }, 'live matches primed'),
    (error: unknown) => logger.warn({ err: error }, 'live matches could not be primed'),
  );

  // Background jobs in the database (src/server/store/job-queue.ts): each kind's handler is registered
  // here; jobs wait in the database until a process with a handler for them runs.
  const jobs = new JobQueue(db, { logger });
  registerReelJobs(jobs, { reels: services.reels, files: reelFiles, tools: mediaTools });
  // Match reports (decision 037): written in the background when a match completes or changes.
  registerMatchReportJob(jobs, db, services);
  // Reports wait while the start-up import runs; the back-fill after it queues what is due.
  let startUpImporting = false;
  const stopReportListener = listenForCompletedMatches(feed, db, jobs, { logger, holdWhile: () => startUpImporting });
  // Match alerts over Web Push (decision 072): the VAPID keys made on the first start and kept in
  // the database; a job per change of a match, sent by whichever process claims it.
  await vapidKeys(db);
  registerMatchAlertsJob(jobs, new MatchAlerts(db, { subject: vapidSubject(config.publicOrigin), logger }));
  const stopAlertListener = listenForMatchAlerts(feed, db, jobs, { logger, holdWhile: () => startUpImporting });

  const replays = new ReplayKeeper({
    db,
    engine: live,
    count: config.LIVE_REPLAYS,
    ballsPerMinute: config.LIVE_REPLAY_SPEED,
    databaseUrl: config.DATABASE_URL,
    logger,
  });

  // Background work while pages are served: the start-up import when one is due, then the
  // rebuild of matches an older version of the rules derived (src/server/jobs/start-up.ts).
  const background = new AbortController();
  // The start-up import's progress: a bar in the log every few seconds, and on the home page.
  const progressLog = { source: '', startedAt: 0, loggedAt: 0 };
  const backgroundDone = runStartUpWork({
    db,
    publish: (changed) => feed.publish(changed),
    importSources: config.IMPORT_ON_START ? config.cricsheetSources : null,
    databaseUrl: config.DATABASE_URL,
    correctionsFile: config.CORRECTIONS_FILE,
    signal: background.signal,
    onImportStart: () => {
      startUpImporting = true;
      logger.info({ sources: config.cricsheetSources }, 'importing Cricsheet data in the background');
    },
    onImportProgress: (progress) => {
      services.importStatus.update(progress);
      const now = performance.now();
      if (progress.source !== progressLog.source) Object.assign(progressLog, { source: progress.source, startedAt: now, loggedAt: now });
      const finished = progress.total !== null && progress.done >= progress.total;
      if (now - progressLog.loggedAt < IMPORT_PROGRESS_LOG_MS && !finished) return;
      progressLog.loggedAt = now;
      logger.info({ source: progress.source, done: progress.done, total: progress.total }, `import ${progressLine(progress, (now - progressLog.startedAt) / 1000)}`);
    },
    onImportFailed: (failure) => {
      // The home page says which source failed, why, and when it is tried again (decision 067).
      services.importStatus.fail(failure);
      void feed.publish([tags.home]);
      logger.warn({ source: failure.source, reason: failure.reason, nextAttemptAt: failure.nextAttemptAt, attempts: failure.attempts }, 'start-up import: source not read; trying again later');
    },
    onImported: (summary) => {
      startUpImporting = false;
      services.importStatus.finish();
      // A home page rendered since the last batch still shows the progress bar.
      void feed.publish([tags.home]);
      logger.info({ summary }, summary.aborted ? 'import stopped; it resumes at the next start' : 'import finished');
    },
    onCorrected: (report) => logger.info({ corrections: report }, 'corrections applied'),
    onRebuildProgress: ({ done, total }) => logger.info({ done, total }, 'rebuilding derived rows with the current rules'),
    log: (message) => logger.info(message),
    // The register is part of the start-up import: none at start when that is off, unless named.
    people: { register: config.IMPORT_ON_START || config.CRICSHEET_REGISTER ? config.registerSource : null, profiles: config.PLAYER_PROFILES ?? null, logger },
  })
    .then((rebuilt) => {
      if (rebuilt > 0) logger.info({ matches: rebuilt }, 'derived rows rebuilt');
    })
    // Reports for the latest matches of each tournament that have none yet (bounded; jobs).
    .then(async () => {
      if (background.signal.aborted) return;
      const queued = await backfillReports(db, jobs);
      if (queued > 0) logger.info({ reports: queued }, 'match reports queued');
    })
    // Replays pick from the imported matches: they start once the import is done.
    .then(() => {
      if (!background.signal.aborted) replays.start();
    })
    .catch((error: unknown) => logger.error({ err: error }, 'background import or rebuild failed'));

  // Scheduled updates from Cricsheet (src/server/ingest/updater.ts): one process runs each.
  if (config.updateEveryMs > 0) {
    await scheduleCricsheetUpdates(jobs, {
      db,
      url: config.CRICSHEET_UPDATE_URL,
      publish: (changed) => feed.publish(changed),
      correctionsFile: config.CORRECTIONS_FILE,
      people: { register: config.registerSource, profiles: config.PLAYER_PROFILES ?? null },
      everyMs: config.updateEveryMs,
      logger,
      ready: backgroundDone,
    });
    logger.info({ everyMs: config.updateEveryMs, source: config.CRICSHEET_UPDATE_URL }, 'scheduled Cricsheet updates on');
  }
  // Fixtures from schedule feeds (src/server/ingest/fixture-feeds.ts): one process reads them per slot.
  if (config.FIXTURES_SOURCE && config.FIXTURES_SOURCE.length > 0) {
    const publish = (changed: string[]) => feed.publish(changed);
    await scheduleFixtureFeeds(jobs, {
      db,
      writer: new LiveMatchWriter(db, publish),
      sources: config.FIXTURES_SOURCE,
      everyMs: config.FIXTURES_UPDATE_EVERY,
      publish,
      logger,
    });
    logger.info({ everyMs: config.FIXTURES_UPDATE_EVERY, sources: config.FIXTURES_SOURCE }, 'fixture feeds on');
  }
  // Match previews (decision 071): every fixture's, from a day before its start, swept every few minutes.
  registerMatchPreviewJob(jobs, db, services);
  await scheduleMatchPreviews(jobs, db, { logger, ready: backgroundDone });
  jobs.start();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    background.abort();
    stopReportListener();
    stopAlertListener();
    await jobs.stop();
    await replays.stop();
    // Live sockets would hold the HTTP server open; drop this process's own (their clients
    // reconnect to another process and recover), then let Fastify drain requests.
    realtime.dropSockets();
    await app.close();
    await realtime.close();
    await auth.close();
    contactMailer?.close();
    await backgroundDone;
    await feed.close();
    await db.close();
    logger.info('stopped');
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  // A refusal with its own explanation (the embedded database is in use) needs no stack.
  console.error(error instanceof DatabaseLockedError ? error.message : error);
  process.exit(1);
});
