// npm run bench:reels   Transcoding time of a 30-second clip through the reels job: a 1080p
// (1920 × 1080, 30 fps) H.264/AAC clip of ffmpeg's test source is uploaded as a reel on a fresh
// PGlite and its 'reel.transcode' job run (probe, transcode to 720 × 1280 H.264/AAC, poster,
// mark ready), 3 times. Baseline in the same run: ffmpeg only decoding the same clip (the floor
// any transcode pays to read it), as a ratio; and the clip's length, as the real-time factor.
import { execFileSync } from 'node:child_process';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { hashPassword } from '../../src/server/auth/passwords.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { ReelFiles } from '../../src/server/reels/files.ts';
import { runReelTranscode } from '../../src/server/reels/transcode-job.ts';
import { createServices } from '../../src/server/services/index.ts';
import { makeTestVideo } from '../helpers/videos.ts';

const RUNS = 3;
const SECONDS = 30;
const tools = { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' };
const dir = await mkdtemp(path.join(os.tmpdir(), 'reels-bench-'));
const db = await openDatabase({ dataDir: 'memory://' });
try {
  await migrateToLatest(db);
  const clip = path.join(dir, 'clip.mp4');
  makeTestVideo(clip, { seconds: SECONDS, width: 1920, height: 1080, rate: 30 });
  const services = createServices(db);
  const files = new ReelFiles(path.join(dir, 'reels'));
  await files.ensure();
  const editor = await db.kysely
    .insertInto('users')
    .values({ phone: '9000000009', password_hash: await hashPassword('bench1'), role: 'editor' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const size = Number(execFileSync('stat', ['-c', '%s', clip], { encoding: 'utf8' }).trim());

  const decode: number[] = [];
  const transcode: number[] = [];
  for (let run = 1; run <= RUNS; run += 1) {
    let started = performance.now();
    execFileSync('ffmpeg', ['-nostdin', '-loglevel', 'error', '-i', clip, '-f', 'null', '-'], { stdio: 'ignore' });
    decode.push(performance.now() - started);

    const reelId = await services.reels.create({ title: `Bench ${run}`, titleHi: null, uploadedBy: String(editor.id), sourceBytes: size }, (id) => copyFile(clip, files.sourcePath(id)));
    started = performance.now();
    await runReelTranscode({ reels: services.reels, files, tools }, reelId, { attempt: 1, signal: new AbortController().signal });
    transcode.push(performance.now() - started);
    const [reel] = await services.reels.editorList(1);
    if (reel?.status !== 'ready') throw new Error(`reel ${reelId} is ${reel?.status}: ${reel?.error}`);
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const [ready] = await services.reels.list({ limit: 1, offset: 0, viewerId: null, lang: 'en' });
  const output = path.join(files.publicDir, path.basename(ready!.url));
  const outputBytes = Number(execFileSync('stat', ['-c', '%s', output], { encoding: 'utf8' }).trim());
  console.log(`clip: ${SECONDS} s, 1920x1080 30 fps H.264/AAC, ${(size / 1024 / 1024).toFixed(1)} MB; output ${(outputBytes / 1024 / 1024).toFixed(1)} MB`);
  console.log(`decode only (baseline): ${decode.map(s).join(', ')}; median ${s(median(decode))}`);
  console.log(`reel job (probe + transcode + poster + ready): ${transcode.map(s).join(', ')}; median ${s(median(transcode))}`);
  console.log(`ratio to decoding: ${(median(transcode) / median(decode)).toFixed(1)}x; real-time factor ${((SECONDS * 1000) / median(transcode)).toFixed(2)}x (clip seconds per second of work)`);
  console.log(`load average: ${os.loadavg().map((value) => value.toFixed(1)).join(' ')}; cores: ${os.cpus().length}`);
} finally {
  await db.close();
  await rm(dir, { recursive: true, force: true });
}
