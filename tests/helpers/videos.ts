// Real test videos made with ffmpeg's test sources (testsrc2 picture, sine sound), for the reels
// tests, the end-to-end run and the transcoding benchmark.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

export interface TestVideo {
  seconds: number;
  width?: number;
  height?: number;
  /** mp4 (H.264/AAC), mov (H.264/AAC in QuickTime) or webm (VP8/Vorbis). */
  container?: 'mp4' | 'mov' | 'webm';
  audio?: boolean;
  rate?: number;
}

/** Writes a clip of ffmpeg's test picture (and a 440 Hz tone) to `file`. */
export function makeTestVideo(file: string, video: TestVideo): void {
  const { seconds, width = 320, height = 240, container = 'mp4', audio = true, rate = 25 } = video;
  const codecs =
    container === 'webm'
      ? ['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '300k', ...(audio ? ['-c:a', 'libvorbis'] : [])]
      : ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', ...(audio ? ['-c:a', 'aac'] : [])];
  execFileSync(
    'ffmpeg',
    [
      '-nostdin', '-hide_banner', '-loglevel', 'error', '-y',
      '-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=${rate}:duration=${seconds}`,
      ...(audio ? ['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=44100:duration=${seconds}`] : []),
      ...codecs,
      '-f', container === 'mov' ? 'mov' : container,
      file,
    ],
    { stdio: 'ignore' },
  );
}

/**
 * An MP4 whose headers lie about its length: a real clip of `seconds`, its movie and track headers
 * (mvhd, mdhd) rewritten to say `claimedSeconds`. ffprobe's format and stream durations then say
 * the claim; the frames still run for `seconds`.
 */
export function makeVideoWithLyingHeader(file: string, seconds: number, claimedSeconds: number): void {
  makeTestVideo(file, { seconds, width: 64, height: 48, rate: 2, audio: false });
  const bytes = readFileSync(file);
  let patched = 0;
  for (const box of ['mvhd', 'mdhd']) {
    for (let at = bytes.indexOf(box); at !== -1; at = bytes.indexOf(box, at + 4)) {
      // After the type: version (1 byte), flags (3); version 0 then has 32-bit creation and
      // modification times, timescale and duration; version 1 has 64-bit times and duration.
      const version = bytes[at + 4];
      if (version === 0) {
        const timescale = bytes.readUInt32BE(at + 16);
        bytes.writeUInt32BE(timescale * claimedSeconds, at + 20);
      } else {
        const timescale = bytes.readUInt32BE(at + 24);
        bytes.writeBigUInt64BE(BigInt(timescale * claimedSeconds), at + 28);
      }
      patched += 1;
    }
  }
  if (patched < 2) throw new Error(`no movie and track headers found in ${file}`);
  writeFileSync(file, bytes);
}
