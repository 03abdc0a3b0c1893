import type { Page } from '@playwright/test';

/**
 * A real, playable WebM of a second and a half (a moving square), recorded by the browser itself
 * (canvas stream → MediaRecorder): a patient's dose video the Video Reviews screen can play, without
 * a video file in the repository or an encoder on the machine. The API checks it by its first bytes
 * (WebM's EBML header, 1A 45 DF A3).
 */
export async function recordDoseVideo(page: Page): Promise<Buffer> {
  await page.goto('about:blank');
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 240;
    const g = canvas.getContext('2d')!;
    const stream = canvas.captureStream(15);
    const recorder = new MediaRecorder(stream, { mimeType: 'video/webm' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => chunks.push(e.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    let frame = 0;
    const draw = setInterval(() => {
      g.fillStyle = '#1f4e79';
      g.fillRect(0, 0, 320, 240);
      g.fillStyle = '#f5c542';
      g.fillRect(20 + ((frame * 8) % 260), 90, 60, 60);
      g.fillStyle = '#fff';
      g.font = '20px sans-serif';
      g.fillText('Dose video', 110, 40);
      frame++;
    }, 66);
    recorder.start();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    recorder.stop();
    await stopped;
    clearInterval(draw);
    const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
    let binary = '';
    for (const b of bytes) binary += String.fromCharCode(b);
    return btoa(binary);
  });
  return Buffer.from(base64, 'base64');
}
