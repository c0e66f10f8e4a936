// What is done to an uploaded video (decision 041): its type is read from its first bytes and
// from ffprobe (never from the name or the client's MIME type), its length is checked, and the
// transcoding job turns it into an H.264/AAC MP4 at 720 × 1280 (portrait; other shapes are
// letterboxed) with a poster image. ffmpeg is Debian's package (.ci/run installs it); its path
// comes from FFMPEG_PATH / FFPROBE_PATH.
import { execFile, spawn } from 'node:child_process';
import { open } from 'node:fs/promises';

export const MAX_REEL_BYTES = 100 * 1024 * 1024;
export const MAX_REEL_SECONDS = 60;
/** Containers round their duration; a clip of 60 s may say 60.02. */
const DURATION_SLACK_S = 0.1;
export const REEL_WIDTH = 720;
export const REEL_HEIGHT = 1280;
export const POSTER_WIDTH = 480;
const MAX_SOURCE_DIMENSION = 8192;
const PROBE_TIMEOUT_MS = 30_000;
const TRANSCODE_TIMEOUT_MS = 15 * 60_000;

export interface MediaTools {
  ffmpeg: string;
  ffprobe: string;
}

/** An upload we refuse, with the reason in words an editor can act on. */
export class ReelRejected extends Error {
  constructor(
    readonly statusCode: 400 | 413 | 415,
    reason: string,
  ) {
    super(reason);
  }
}

export type SniffedContainer = 'mp4' | 'mov' | 'webm';

// QuickTime files may open with one of these atoms instead of 'ftyp'.
const QUICKTIME_ATOMS = new Set(['moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);
const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

/** The container a file's first bytes announce (ISO base media or Matroska/WebM), or null. */
export function sniffContainer(head: Buffer): SniffedContainer | null {
  if (head.length >= 4 && head.subarray(0, 4).equals(EBML_MAGIC)) return 'webm';
  if (head.length < 12) return null;
  const atom = head.toString('latin1', 4, 8);
  if (atom === 'ftyp') return head.toString('latin1', 8, 12) === 'qt  ' ? 'mov' : 'mp4';
  return QUICKTIME_ATOMS.has(atom) ? 'mov' : null;
}

export interface ProbedVideo {
  container: SniffedContainer;
  durationS: number;
  width: number;
  height: number;
  hasAudio: boolean;
}

interface ProbeJson {
  format?: { format_name?: string };
  streams?: { codec_type?: string; width?: number; height?: number }[];
}

function run(file: string, args: string[], timeout: number): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { timeout, maxBuffer: 4 * 1024 * 1024, encoding: 'utf8' }, (error, stdout) => (error ? reject(error) : resolve(stdout)));
  });
}

async function readHead(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(16);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * How long the first video stream runs, from the timestamps of its own packets (every frame ffmpeg
 * would decode), not from the container's duration fields, which a file can set to anything: a
 * 90 s clip whose headers say 10 s is 90 s here.
 */
export async function streamSeconds(tools: MediaTools, file: string): Promise<number> {
  const packets = await run(tools.ffprobe, ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=pts_time,duration_time', '-of', 'csv=p=0', file], PROBE_TIMEOUT_MS);
  let start = Number.POSITIVE_INFINITY;
  let end = Number.NEGATIVE_INFINITY;
  for (const line of packets.split('\n')) {
    const [pts = '', duration = ''] = line.split(',');
    const at = Number.parseFloat(pts);
    if (!Number.isFinite(at)) continue;
    start = Math.min(start, at);
    end = Math.max(end, at + (Number.parseFloat(duration) || 0));
  }
  return end - start;
}

/** Checks an uploaded file is an MP4, MOV or WebM video of at most 60 s that ffprobe can read. */
export async function probeUpload(tools: MediaTools, file: string): Promise<ProbedVideo> {
  const container = sniffContainer(await readHead(file));
  if (!container) throw new ReelRejected(415, 'only MP4, MOV or WebM videos are accepted (this file is not one)');
  let probe: ProbeJson;
  try {
    probe = JSON.parse(await run(tools.ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], PROBE_TIMEOUT_MS)) as ProbeJson;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new Error(`ffprobe was not found at '${tools.ffprobe}' (FFPROBE_PATH)`);
    throw new ReelRejected(400, 'the video could not be read; the file may be damaged or incomplete');
  }
  const formats = (probe.format?.format_name ?? '').split(',');
  const expected = container === 'webm' ? ['matroska', 'webm'] : ['mov', 'mp4'];
  if (!expected.some((name) => formats.includes(name))) throw new ReelRejected(415, 'only MP4, MOV or WebM videos are accepted (this file is not one)');
  const video = probe.streams?.find((stream) => stream.codec_type === 'video' && (stream.width ?? 0) > 0 && (stream.height ?? 0) > 0);
  if (!video) throw new ReelRejected(400, 'the file has no picture to show; the file may be damaged or incomplete');
  // The header's duration is whatever the file says; the length is what its frames run for.
  const durationS = await streamSeconds(tools, file).catch(() => Number.NaN);
  if (!Number.isFinite(durationS) || durationS <= 0) throw new ReelRejected(400, 'the length of the video could not be read; the file may be damaged or incomplete');
  if (durationS > MAX_REEL_SECONDS + DURATION_SLACK_S) {
    throw new ReelRejected(400, `the video is ${Math.round(durationS)} seconds long; a reel is at most ${MAX_REEL_SECONDS} seconds`);
  }
  const width = video.width!;
  const height = video.height!;
  if (width > MAX_SOURCE_DIMENSION || height > MAX_SOURCE_DIMENSION) {
    throw new ReelRejected(400, `the picture is too large (at most ${MAX_SOURCE_DIMENSION} pixels a side)`);
  }
  return { container, durationS, width, height, hasAudio: probe.streams?.some((stream) => stream.codec_type === 'audio') ?? false };
}

/** Runs ffmpeg; a failure carries the end of what it wrote to stderr. */
function ffmpeg(tools: MediaTools, args: string[], signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tools.ffmpeg, ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
      timeout: TRANSCODE_TIMEOUT_MS,
      ...(signal ? { signal } : {}),
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-2000);
    });
    // An abort emits 'error' while ffmpeg may still be writing; settle only on 'close', once the
    // process is gone, so the caller's clean-up of the output cannot race a file still being written.
    let failure: Error | undefined;
    child.once('error', (error) => {
      failure = (error as NodeJS.ErrnoException).code === 'ENOENT' ? new Error(`ffmpeg was not found at '${tools.ffmpeg}' (FFMPEG_PATH)`) : error;
    });
    child.once('close', (code, killed) => {
      if (failure) reject(failure);
      else if (code === 0) resolve();
      else reject(new TranscodeFailed(killed ? `ffmpeg stopped (${killed})` : `ffmpeg exited with ${code}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`));
    });
  });
}

/** ffmpeg could not turn the source into a reel: a broken source, which no retry mends. */
export class TranscodeFailed extends Error {}

export interface TranscodeResult {
  durationMs: number;
}

/**
 * The source as a reel: H.264 (high profile, yuv420p, at most 30 frames a second) and AAC stereo
 * in an MP4 whose index comes first (playback starts before the whole file arrives), 720 × 1280;
 * a source without sound gets a silent track, so every reel has the same shape. Then the poster:
 * a frame about a second in, 480 pixels wide.
 */
export async function transcodeReel(tools: MediaTools, source: string, video: string, poster: string, signal?: AbortSignal): Promise<TranscodeResult> {
  const probed = await probeUpload(tools, source).catch((error: unknown) => {
    throw error instanceof ReelRejected ? new TranscodeFailed(error.message) : error;
  });
  const fit = `scale=${REEL_WIDTH}:${REEL_HEIGHT}:force_original_aspect_ratio=decrease:force_divisible_by=2,pad=${REEL_WIDTH}:${REEL_HEIGHT}:(ow-iw)/2:(oh-ih)/2:color=black,setsar=1`;
  const audioInput = probed.hasAudio ? [] : ['-f', 'lavfi', '-i', 'anullsrc=channel_layout=stereo:sample_rate=48000'];
  await ffmpeg(
    tools,
    [
      '-i', source,
      ...audioInput,
      '-map', '0:v:0',
      '-map', probed.hasAudio ? '0:a:0' : '1:a:0',
      '-t', String(MAX_REEL_SECONDS),
      '-vf', fit,
      '-fpsmax', '30',
      '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-profile:v', 'high', '-pix_fmt', 'yuv420p',
      '-c:a', 'aac', '-b:a', '128k', '-ac', '2', '-ar', '48000',
      '-shortest',
      '-map_metadata', '-1',
      '-movflags', '+faststart',
      '-f', 'mp4',
      video,
    ],
    signal,
  );
  const at = Math.min(1, probed.durationS / 2).toFixed(2);
  await ffmpeg(tools, ['-ss', at, '-i', video, '-frames:v', '1', '-vf', `scale=${POSTER_WIDTH}:-2`, '-q:v', '4', '-f', 'image2', poster], signal);
  // The reel's length is the one it was made with (shortest of its picture and sound).
  const madeS = await streamSeconds(tools, video).catch(() => probed.durationS);
  return { durationMs: Math.round(Math.min(madeS, MAX_REEL_SECONDS) * 1000) };
}
