// The 'reel.transcode' job (decision 041 on the queue of decision 040): the upload waiting in
// DATA_DIR/reels/uploads becomes the served MP4 and poster, then the reel is marked ready and the
// 'reels' tag published. A source ffmpeg cannot read fails the reel at once with the reason (the
// editors' desk shows it); anything else is retried by the queue, and the reel fails with the
// last try. A reel deleted meanwhile is left alone.
import { stat } from 'node:fs/promises';
import { z } from 'zod';
import type { JobContext, JobQueue } from '../store/job-queue.ts';
import { PermanentJobError } from '../store/job-queue.ts';
import { REEL_JOB_ATTEMPTS, REEL_TRANSCODE_JOB, type ReelService } from '../services/reels.ts';
import type { ReelFiles } from './files.ts';
import { TranscodeFailed, transcodeReel, type MediaTools } from './media.ts';

const payload = z.object({ reelId: z.string().regex(/^\d{1,19}$/) });

export interface ReelJobDeps {
  reels: ReelService;
  files: ReelFiles;
  tools: MediaTools;
}

/** Transcodes one reel; the queue's handler. */
export async function runReelTranscode(deps: ReelJobDeps, reelId: string, context: Pick<JobContext, 'attempt' | 'signal'>): Promise<void> {
  const { reels, files, tools } = deps;
  const reel = await reels.forJob(reelId);
  if (!reel || reel.status !== 'processing') return;
  const source = files.sourcePath(reelId);
  const outputs = files.outputsFor(reelId);
  try {
    await stat(source).catch(() => {
      throw new PermanentJobError('the uploaded file is missing');
    });
    await files.ensure();
    const { durationMs } = await transcodeReel(tools, source, outputs.videoTemp, outputs.posterTemp, context.signal);
    const { size } = await stat(outputs.videoTemp);
    await outputs.publish();
    if (!(await reels.markReady(reelId, { video: outputs.video, poster: outputs.poster, durationMs, videoBytes: size }))) {
      await files.removeServed(outputs.video, outputs.poster);
    }
    await files.removeSource(reelId);
  } catch (error) {
    await outputs.discard();
    const broken = error instanceof TranscodeFailed || error instanceof PermanentJobError;
    const lastTry = context.attempt >= REEL_JOB_ATTEMPTS;
    if ((broken || lastTry) && !context.signal.aborted) {
      // The details (ffmpeg's words, with server paths) stay in the job's last_error for the operator.
      const reason = error instanceof TranscodeFailed ? 'the video could not be converted; the file may be damaged' : 'the video could not be converted; please upload it again';
      await reels.markFailed(reelId, reason);
      await files.removeSource(reelId);
      throw new PermanentJobError(error instanceof Error ? error.message : String(error));
    }
    throw error;
  }
}

export function registerReelJobs(queue: JobQueue, deps: ReelJobDeps): void {
  queue.register(REEL_TRANSCODE_JOB, (job: z.infer<typeof payload>, context) => runReelTranscode(deps, job.reelId, context), {
    payload,
    // Two cores: one transcode at a time leaves the other for pages.
    concurrency: 1,
    leaseMs: 120_000,
  });
}
