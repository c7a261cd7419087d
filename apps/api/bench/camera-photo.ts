import sharp from 'sharp';

export const CAMERA_WIDTH = 4000;
export const CAMERA_HEIGHT = 3000;

/**
 * A camera-like photo of a shop's shelves: rows of products with edges, labels and text, and grain
 * at two scales (sensor noise, and a coarser texture that survives downscaling, as real detail
 * does). Its WebP variants weigh what real photos' do (1080 px ≈ 150–180 KB at quality 80); a
 * smooth synthetic picture would make every byte figure look better than the real thing.
 * `seed` varies colours and layout, so several photos are not the same file.
 */
export async function cameraJpeg(seed = 0, width = CAMERA_WIDTH, height = CAMERA_HEIGHT): Promise<Buffer> {
  let state = seed * 9301 + 49297;
  const random = () => (state = (state * 9301 + 49297) % 233280) / 233280;
  const scale = width / 4000;
  let shapes = '';
  const rows = Math.round(height / (375 * scale));
  for (let row = 0; row < rows; row++) {
    const shelf = (row * 375 + 340) * scale;
    shapes += `<rect x="0" y="${shelf}" width="${width}" height="${35 * scale}" fill="hsl(30,30%,${20 + random() * 20}%)"/>`;
    for (let x = 0; x < width;) {
      const w = (60 + random() * 180) * scale;
      const h = (150 + random() * 180) * scale;
      const hue = Math.floor(random() * 360);
      shapes +=
        `<rect x="${x}" y="${shelf - h}" width="${w}" height="${h}" rx="${random() * 20 * scale}" fill="hsl(${hue},${40 + random() * 50}%,${30 + random() * 40}%)" stroke="hsl(${hue},50%,15%)" stroke-width="${3 * scale}"/>` +
        `<rect x="${x + w * 0.15}" y="${shelf - h * 0.7}" width="${w * 0.7}" height="${h * 0.3}" fill="hsl(${(hue + 180) % 360},60%,85%)"/>` +
        `<text x="${x + w * 0.2}" y="${shelf - h * 0.5}" font-size="${(18 + random() * 14) * scale}" font-family="sans-serif" fill="#222">${['Atta', 'Dal', 'Rice', 'Ghee', 'Tea', 'Oil'][Math.floor(random() * 6)]}</text>`;
      x += w + (4 + random() * 10) * scale;
    }
  }
  const scene = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${(seed * 37) % 360},25%,70%)"/><stop offset="1" stop-color="#6b4f3a"/></linearGradient></defs>` +
      `<rect width="${width}" height="${height}" fill="url(#g)"/>${shapes}</svg>`,
  );
  const noise = (w: number, h: number, sigma: number) =>
    sharp({ create: { width: w, height: h, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma } } });
  const coarse = await noise(Math.round(width / 4), Math.round(height / 4), 30)
    .resize(width, height, { kernel: 'cubic' })
    .png({ compressionLevel: 1 })
    .toBuffer();
  const fine = await noise(width, height, 12).png({ compressionLevel: 1 }).toBuffer();
  return sharp(scene)
    .composite([
      { input: coarse, blend: 'soft-light' },
      { input: fine, blend: 'soft-light' },
    ])
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: 'BenchPhone', Model: 'B-12' } })
    .toBuffer();
}
