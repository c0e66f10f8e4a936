// Real test videos made with ffmpeg's test sources (testsrc2 picture, sine sound), for the reels
// tests, the end-to-end run and the transcoding benchmark.
import { execFileSync } from 'node:child_process';

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
